//! Integration tests of proctor-stats, one module per area.

mod irt;
