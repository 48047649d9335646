//! The models crate against real ONNX Runtime: the embedder set-up installs, and the model
//! manager with small graphs the tests generate.

mod embedder;
mod user_models;
