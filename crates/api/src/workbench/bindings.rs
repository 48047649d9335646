//! The TypeScript twins of the DTOs, written to `ui/src/lib/backend/types.ts`: every type a
//! use case of [`super::table`] takes or answers, and every type those name, found by walking
//! them — no list to keep. The errors every door answers with are added to the walk.
//!
//! A test compares the committed file with what this build generates and fails when it is
//! stale; `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` rewrites it.

use crate::{ApiError, ErrorCode};
use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use ts_rs::{TS, TypeVisitor};

/// Where the generated file lives, relative to the workspace root.
pub const TYPES_PATH: &str = "ui/src/lib/backend/types.ts";

/// Collects the declaration of every type it reaches, once, by name.
#[derive(Default)]
struct Declarations {
    seen: HashSet<TypeId>,
    by_name: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        // A type with a file of its own is declared; primitives and containers are written
        // inline, and only what they hold is walked.
        if T::output_path().is_some() {
            self.by_name.insert(T::ident(), T::decl());
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The generated TypeScript module.
pub fn typescript() -> String {
    let mut declarations = Declarations::default();
    declarations.visit::<ErrorCode>();
    declarations.visit::<ApiError>();
    super::table::visit_types(&mut declarations);
    let mut out = String::from(
        "// Generated from the use-case table in crates/api/src/workbench/table.rs by\n\
         // crates/api/src/workbench/bindings.rs: every type the use cases take or answer.\n\
         // Do not edit: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` instead.\n\n",
    );
    for declaration in declarations.by_name.values() {
        out.push_str("export ");
        out.push_str(declaration);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
