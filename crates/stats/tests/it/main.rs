//! Integration tests of proctor-stats: the estimators against the reference implementations
//! METHODS.md names (R mirt's published LSAT7 numbers; the PyPI packages `mirt` and scipy,
//! run side by side from the venv that scripts/setup.sh installs), and property tests.

mod cat;
mod edges;
mod irt;
mod newton;
mod properties;
mod reference;
mod rouge;
mod scipy;
mod trec;
