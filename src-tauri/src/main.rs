//! Proctor's desktop window. Its one command, `call`, runs any use case of the table in
//! `proctor_api::workbench::table` off the UI thread and returns its answer or its
//! `{code, message}` error; job progress reaches the window as `job` events, pushed by the
//! Workbench.
//!
//! `proctor-desktop [PROJECT]` opens a project at start; `--sample` opens the sample project.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use proctor_api::dto::{JobStatus, ProjectPath};
use proctor_api::{ApiError, ApiResult, ErrorCode, Workbench};
use std::sync::Arc;
use tauri::{Emitter, Manager, State};

/// Runs the use case `name` (see `proctor_api::workbench::table::USE_CASES`) on a blocking
/// thread so the window stays responsive.
#[tauri::command]
async fn call(
    name: String,
    request: serde_json::Value,
    bench: State<'_, Arc<Workbench>>,
) -> ApiResult<serde_json::Value> {
    let bench = Arc::clone(&bench);
    tauri::async_runtime::spawn_blocking(move || bench.call(&name, request))
        .await
        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?
}

fn main() {
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let data_dir = match std::env::var_os("PROCTOR_DATA_DIR") {
                Some(dir) => dir.into(),
                None => app.path().app_data_dir()?,
            };
            if let Err(message) = proctor_api::check_limits() {
                eprintln!("proctor: {message}; the default limits hold");
            }
            let bench = Workbench::new(data_dir);
            let handle = app.handle().clone();
            bench.listen(Arc::new(move |status: &JobStatus| {
                // A window that is closing may miss an event; the job goes on regardless.
                let _ = handle.emit("job", status);
            }));
            let startup = std::env::args().nth(1);
            let opened = match startup.as_deref() {
                Some("--sample") => Some(bench.open_sample(())),
                Some(path) => Some(bench.open_project(ProjectPath { path: path.into() })),
                None => None,
            };
            if let Some(Err(e)) = opened {
                eprintln!("proctor: {}", e.message);
            }
            app.manage(Arc::new(bench));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![call])
        .run(tauri::generate_context!())
        .expect("the Proctor window could not start");
}
