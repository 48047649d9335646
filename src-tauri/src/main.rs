//! Proctor's desktop window. Each command decodes its input, calls the Workbench facade off the
//! UI thread, and returns its answer or its `{code, message}` error.
//!
//! `proctor-desktop [PROJECT]` opens a project at start; `--sample` opens the sample project.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use proctor_api::dto::{
    AddModelRequest, CompareRequest, Comparison, CorrelateRequest, CorrelationReport, GridRequest,
    ImportRequest, ImproveRequest, ImprovementReport, IngestRequest, IrtReport, IrtRequest,
    IrtSettings, JobStatus, ModelName, ModelSelfTest, ModelsReport, PipelineInfo,
    PipelinesOverview, ProjectPath, ProjectSummary, RunRequest, SignificanceRequest,
    SignificanceTable, UserModelInfo,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Workbench};
use std::sync::Arc;
use tauri::{Manager, State};

type Bench<'a> = State<'a, Arc<Workbench>>;

/// Runs facade work on a blocking thread so the window stays responsive.
async fn off_ui<T: Send + 'static>(
    bench: &Arc<Workbench>,
    work: impl FnOnce(&Workbench) -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    let bench = Arc::clone(bench);
    tauri::async_runtime::spawn_blocking(move || work(&bench))
        .await
        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?
}

#[tauri::command]
async fn open_project(project: ProjectPath, bench: Bench<'_>) -> ApiResult<ProjectSummary> {
    off_ui(&bench, move |w| w.open_project(&project.path)).await
}

#[tauri::command]
async fn create_project(project: ProjectPath, bench: Bench<'_>) -> ApiResult<ProjectSummary> {
    off_ui(&bench, move |w| w.create_project(&project.path)).await
}

#[tauri::command]
async fn open_sample(bench: Bench<'_>) -> ApiResult<ProjectSummary> {
    off_ui(&bench, Workbench::open_sample).await
}

#[tauri::command]
async fn summary(bench: Bench<'_>) -> ApiResult<ProjectSummary> {
    off_ui(&bench, Workbench::summary).await
}

#[tauri::command]
async fn start_import(request: ImportRequest, bench: Bench<'_>) -> ApiResult<JobStatus> {
    off_ui(&bench, move |w| w.start_import(request)).await
}

#[tauri::command]
async fn compare(request: CompareRequest, bench: Bench<'_>) -> ApiResult<Comparison> {
    off_ui(&bench, move |w| w.compare(&request)).await
}

#[tauri::command]
async fn correlate(request: CorrelateRequest, bench: Bench<'_>) -> ApiResult<CorrelationReport> {
    off_ui(&bench, move |w| w.correlate(&request)).await
}

#[tauri::command]
async fn significance(
    request: SignificanceRequest,
    bench: Bench<'_>,
) -> ApiResult<SignificanceTable> {
    off_ui(&bench, move |w| w.significance(&request)).await
}

#[tauri::command]
async fn pipelines(bench: Bench<'_>) -> ApiResult<PipelinesOverview> {
    off_ui(&bench, |w| w.pipelines(None)).await
}

#[tauri::command]
async fn add_pipeline_grid(request: GridRequest, bench: Bench<'_>) -> ApiResult<Vec<PipelineInfo>> {
    off_ui(&bench, move |w| w.add_pipeline_grid(&request)).await
}

#[tauri::command]
async fn start_ingest(request: IngestRequest, bench: Bench<'_>) -> ApiResult<JobStatus> {
    off_ui(&bench, move |w| w.start_ingest(request)).await
}

#[tauri::command]
async fn start_run(request: RunRequest, bench: Bench<'_>) -> ApiResult<JobStatus> {
    off_ui(&bench, move |w| w.start_run(request)).await
}

#[tauri::command]
async fn job(id: u32, bench: Bench<'_>) -> ApiResult<JobStatus> {
    off_ui(&bench, move |w| w.job(id)).await
}

#[tauri::command]
async fn cancel_job(id: u32, bench: Bench<'_>) -> ApiResult<JobStatus> {
    off_ui(&bench, move |w| w.cancel_job(id)).await
}

#[tauri::command]
async fn latest_irt(bench: Bench<'_>) -> ApiResult<Option<IrtReport>> {
    off_ui(&bench, Workbench::latest_irt).await
}

#[tauri::command]
async fn fit_irt(request: IrtRequest, bench: Bench<'_>) -> ApiResult<IrtReport> {
    off_ui(&bench, move |w| w.fit_irt(&request)).await
}

#[tauri::command]
async fn irt_settings(bench: Bench<'_>) -> ApiResult<IrtSettings> {
    off_ui(&bench, Workbench::irt_settings).await
}

#[tauri::command]
async fn set_irt_settings(settings: IrtSettings, bench: Bench<'_>) -> ApiResult<IrtSettings> {
    off_ui(&bench, move |w| w.set_irt_settings(&settings)).await
}

#[tauri::command]
async fn improve_exam(request: ImproveRequest, bench: Bench<'_>) -> ApiResult<ImprovementReport> {
    off_ui(&bench, move |w| w.improve_exam(&request)).await
}

#[tauri::command]
async fn models(bench: Bench<'_>) -> ApiResult<ModelsReport> {
    off_ui(&bench, Workbench::models).await
}

#[tauri::command]
async fn add_model(request: AddModelRequest, bench: Bench<'_>) -> ApiResult<ModelSelfTest> {
    off_ui(&bench, move |w| w.add_model(&request)).await
}

#[tauri::command]
async fn test_model(model: ModelName, bench: Bench<'_>) -> ApiResult<ModelSelfTest> {
    off_ui(&bench, move |w| w.test_model(&model.name)).await
}

#[tauri::command]
async fn remove_model(model: ModelName, bench: Bench<'_>) -> ApiResult<UserModelInfo> {
    off_ui(&bench, move |w| w.remove_model(&model.name)).await
}

fn main() {
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let data_dir = match std::env::var_os("PROCTOR_DATA_DIR") {
                Some(dir) => dir.into(),
                None => app.path().app_data_dir()?,
            };
            let bench = Workbench::new(data_dir);
            let startup = std::env::args().nth(1);
            let opened = match startup.as_deref() {
                Some("--sample") => Some(bench.open_sample()),
                Some(path) => Some(bench.open_project(path)),
                None => None,
            };
            if let Some(Err(e)) = opened {
                eprintln!("proctor: {}", e.message);
            }
            app.manage(Arc::new(bench));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            open_project,
            create_project,
            open_sample,
            summary,
            start_import,
            compare,
            significance,
            correlate,
            pipelines,
            add_pipeline_grid,
            start_ingest,
            start_run,
            job,
            cancel_job,
            latest_irt,
            fit_irt,
            improve_exam,
            irt_settings,
            set_irt_settings,
            models,
            add_model,
            test_model,
            remove_model
        ])
        .run(tauri::generate_context!())
        .expect("the Proctor window could not start");
}
