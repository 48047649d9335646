//! The models crate against real ONNX Runtime: the embedder set-up installs, and the model
//! manager with small graphs the tests generate; the language model through llama.cpp.

mod embedder;
mod llm;
mod user_models;
