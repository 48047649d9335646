//! Generates Tauri's context and the permissions of Proctor's own commands.

fn main() {
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(
        tauri_build::AppManifest::new().commands(&[
            "open_project",
            "create_project",
            "open_sample",
            "summary",
            "start_import",
            "compare",
            "significance",
            "correlate",
            "pipelines",
            "add_pipeline_grid",
            "start_ingest",
            "start_run",
            "job",
            "cancel_job",
            "latest_irt",
            "fit_irt",
            "improve_exam",
            "irt_settings",
            "set_irt_settings",
            "models",
            "add_model",
            "test_model",
            "remove_model",
        ]),
    ))
    .expect("tauri build step");
}
