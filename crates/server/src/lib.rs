//! `proctor serve`: the same facade as the desktop app, as JSON over HTTP.
//!
//! Binds 127.0.0.1 only. Every `/api/` request must carry `Authorization: Bearer <token>`,
//! where the token is made fresh for each run and printed with the address; the UI (served from
//! `ui/dist` at `/`) reads it from the `?token=` of the address it was opened with. Routes are
//! adapters of a few lines: decode, call the [`Workbench`], map the error to a status.
//!
//! | route | body | answer |
//! |---|---|---|
//! | `GET /api/summary` | – | `ProjectSummary` |
//! | `POST /api/projects/open` | `ProjectPath` | `ProjectSummary` |
//! | `POST /api/projects/create` | `ProjectPath` | `ProjectSummary` |
//! | `POST /api/projects/sample` | – | `ProjectSummary` |
//! | `POST /api/compare` | `CompareRequest` | `Comparison` |
//! | `POST /api/correlate` | `CorrelateRequest` | `CorrelationReport` |
//! | `POST /api/significance` | `SignificanceRequest` | `SignificanceTable` |
//! | `GET /api/pipelines` | – | `PipelinesOverview` |
//! | `POST /api/pipelines/grid` | `GridRequest` | `PipelineInfo[]` |
//! | `POST /api/jobs/import` | `ImportRequest` | `JobStatus` |
//! | `POST /api/jobs/ingest` | `IngestRequest` | `JobStatus` |
//! | `POST /api/jobs/run` | `RunRequest` | `JobStatus` |
//! | `GET /api/jobs/{id}` | – | `JobStatus` |
//! | `POST /api/jobs/{id}/cancel` | – | `JobStatus` |
//! | `GET /api/irt` | – | `IrtReport` or null |
//! | `POST /api/irt` | `IrtRequest` | `IrtReport` |
//! | `POST /api/irt/improve` | `ImproveRequest` | `ImprovementReport` |
//! | `GET /api/models` | – | `ModelsReport` |
//! | `POST /api/models/add` | `AddModelRequest` | `ModelSelfTest` |
//! | `POST /api/models/test` | `ModelName` | `ModelSelfTest` |
//! | `POST /api/models/remove` | `ModelName` | `UserModelInfo` |

use axum::extract::{Path, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proctor_api::dto::{
    AddModelRequest, CompareRequest, Comparison, CorrelateRequest, CorrelationReport, GridRequest,
    ImportRequest, ImproveRequest, ImprovementReport, IngestRequest, IrtReport, IrtRequest,
    JobStatus, ModelName, ModelSelfTest, ModelsReport, PipelineInfo, PipelinesOverview,
    ProjectPath, RunRequest, SignificanceRequest, SignificanceTable, UserModelInfo,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Workbench};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

/// What `proctor serve` needs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// The built UI (`ui/dist`), served at `/` when given.
    pub ui_dir: Option<PathBuf>,
    /// The session token; a random one when `None`.
    pub token: Option<String>,
}

#[derive(Clone)]
struct AppState {
    workbench: Arc<Workbench>,
    token: Arc<str>,
}

struct Failure(ApiError);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = match self.0.code {
            ErrorCode::InvalidInput => StatusCode::BAD_REQUEST,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::Conflict | ErrorCode::NoProject => StatusCode::CONFLICT,
            ErrorCode::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            // 499 is nginx's "client closed request"; no standard code means "stopped by the user".
            ErrorCode::Cancelled => StatusCode::from_u16(499).unwrap_or(StatusCode::BAD_REQUEST),
            ErrorCode::ModelsMissing => StatusCode::SERVICE_UNAVAILABLE,
        };
        (status, Json(self.0)).into_response()
    }
}

type Answer<T> = Result<Json<T>, Failure>;

/// Runs blocking facade work off the async threads.
async fn call<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce(&Workbench) -> ApiResult<T> + Send + 'static,
) -> Answer<T> {
    let workbench = Arc::clone(&state.workbench);
    tokio::task::spawn_blocking(move || f(&workbench))
        .await
        .map_err(|e| {
            Failure(ApiError::new(
                ErrorCode::Internal,
                format!("the request failed: {e}"),
            ))
        })?
        .map(Json)
        .map_err(Failure)
}

async fn summary(State(s): State<AppState>) -> Answer<proctor_api::dto::ProjectSummary> {
    call(&s, Workbench::summary).await
}

async fn open(
    State(s): State<AppState>,
    Json(p): Json<ProjectPath>,
) -> Answer<proctor_api::dto::ProjectSummary> {
    call(&s, move |w| w.open_project(&p.path)).await
}

async fn create(
    State(s): State<AppState>,
    Json(p): Json<ProjectPath>,
) -> Answer<proctor_api::dto::ProjectSummary> {
    call(&s, move |w| w.create_project(&p.path)).await
}

async fn sample(State(s): State<AppState>) -> Answer<proctor_api::dto::ProjectSummary> {
    call(&s, Workbench::open_sample).await
}

async fn start_import(
    State(s): State<AppState>,
    Json(r): Json<ImportRequest>,
) -> Answer<JobStatus> {
    call(&s, move |w| w.start_import(r)).await
}

async fn compare(State(s): State<AppState>, Json(r): Json<CompareRequest>) -> Answer<Comparison> {
    call(&s, move |w| w.compare(&r)).await
}

async fn correlate(
    State(s): State<AppState>,
    Json(r): Json<CorrelateRequest>,
) -> Answer<CorrelationReport> {
    call(&s, move |w| w.correlate(&r)).await
}

async fn significance(
    State(s): State<AppState>,
    Json(r): Json<SignificanceRequest>,
) -> Answer<SignificanceTable> {
    call(&s, move |w| w.significance(&r)).await
}

async fn pipelines(State(s): State<AppState>) -> Answer<PipelinesOverview> {
    call(&s, |w| w.pipelines(None)).await
}

async fn add_grid(
    State(s): State<AppState>,
    Json(r): Json<GridRequest>,
) -> Answer<Vec<PipelineInfo>> {
    call(&s, move |w| w.add_pipeline_grid(&r)).await
}

async fn start_ingest(
    State(s): State<AppState>,
    Json(r): Json<IngestRequest>,
) -> Answer<JobStatus> {
    call(&s, move |w| w.start_ingest(r)).await
}

async fn start_run(State(s): State<AppState>, Json(r): Json<RunRequest>) -> Answer<JobStatus> {
    call(&s, move |w| w.start_run(r)).await
}

async fn job(State(s): State<AppState>, Path(id): Path<u32>) -> Answer<JobStatus> {
    call(&s, move |w| w.job(id)).await
}

async fn cancel_job(State(s): State<AppState>, Path(id): Path<u32>) -> Answer<JobStatus> {
    call(&s, move |w| w.cancel_job(id)).await
}

async fn latest_irt(State(s): State<AppState>) -> Answer<Option<IrtReport>> {
    call(&s, Workbench::latest_irt).await
}

async fn fit_irt(State(s): State<AppState>, Json(r): Json<IrtRequest>) -> Answer<IrtReport> {
    call(&s, move |w| w.fit_irt(&r)).await
}

async fn improve_exam(
    State(s): State<AppState>,
    Json(r): Json<ImproveRequest>,
) -> Answer<ImprovementReport> {
    call(&s, move |w| w.improve_exam(&r)).await
}

async fn models(State(s): State<AppState>) -> Answer<ModelsReport> {
    call(&s, Workbench::models).await
}

async fn add_model(
    State(s): State<AppState>,
    Json(r): Json<AddModelRequest>,
) -> Answer<ModelSelfTest> {
    call(&s, move |w| w.add_model(&r)).await
}

async fn test_model(State(s): State<AppState>, Json(m): Json<ModelName>) -> Answer<ModelSelfTest> {
    call(&s, move |w| w.test_model(&m.name)).await
}

async fn remove_model(
    State(s): State<AppState>,
    Json(m): Json<ModelName>,
) -> Answer<UserModelInfo> {
    call(&s, move |w| w.remove_model(&m.name)).await
}

async fn require_token(State(s): State<AppState>, request: Request, next: Next) -> Response {
    let expected = format!("Bearer {}", s.token);
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if given == Some(expected.as_str()) {
        next.run(request).await
    } else {
        Failure(ApiError::new(
            ErrorCode::Unauthorized,
            "this request lacks the session token printed by `proctor serve`",
        ))
        .into_response()
    }
}

/// The routes, for a server or a test.
pub fn router(workbench: Arc<Workbench>, token: &str, ui_dir: Option<PathBuf>) -> Router {
    let state = AppState {
        workbench,
        token: Arc::from(token),
    };
    let api = Router::new()
        .route("/summary", get(summary))
        .route("/projects/open", post(open))
        .route("/projects/create", post(create))
        .route("/projects/sample", post(sample))
        .route("/compare", post(compare))
        .route("/significance", post(significance))
        .route("/correlate", post(correlate))
        .route("/pipelines", get(pipelines))
        .route("/pipelines/grid", post(add_grid))
        .route("/jobs/import", post(start_import))
        .route("/jobs/ingest", post(start_ingest))
        .route("/jobs/run", post(start_run))
        .route("/jobs/{id}", get(job))
        .route("/jobs/{id}/cancel", post(cancel_job))
        .route("/irt", get(latest_irt).post(fit_irt))
        .route("/irt/improve", post(improve_exam))
        .route("/models", get(models))
        .route("/models/add", post(add_model))
        .route("/models/test", post(test_model))
        .route("/models/remove", post(remove_model))
        .layer(middleware::from_fn_with_state(state.clone(), require_token))
        .with_state(state);
    let app = Router::new().nest("/api", api);
    match ui_dir {
        Some(dir) => {
            let index = dir.join("index.html");
            app.fallback_service(
                tower_http::services::ServeDir::new(dir)
                    .fallback(tower_http::services::ServeFile::new(index)),
            )
        }
        None => app,
    }
}

/// A fresh random session token.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// A bound, not yet running server.
pub struct Server {
    listener: tokio::net::TcpListener,
    app: Router,
    /// The session token.
    pub token: String,
}

impl Server {
    /// Binds 127.0.0.1 on the requested port.
    pub async fn bind(workbench: Arc<Workbench>, options: ServeOptions) -> std::io::Result<Self> {
        let token = options.token.unwrap_or_else(new_token);
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, options.port)))
                .await?;
        Ok(Self {
            app: router(workbench, &token, options.ui_dir),
            listener,
            token,
        })
    }

    /// The bound address.
    pub fn address(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` resolves.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        axum::serve(self.listener, self.app)
            .with_graceful_shutdown(shutdown)
            .await
    }
}
