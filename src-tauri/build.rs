//! Generates Tauri's context and the permission of Proctor's one command, `call`, through which
//! every use case of `proctor_api::workbench::table` is reached.

fn main() {
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(&["call"])),
    )
    .expect("tauri build step");
}
