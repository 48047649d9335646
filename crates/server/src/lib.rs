//! `proctor serve`: the same facade as the desktop app, as JSON over HTTP.
//!
//! Binds 127.0.0.1 only. Every `/api/` request must carry `Authorization: Bearer <token>`,
//! where the token is made fresh for each run and printed with the address; the UI (served from
//! `ui/dist` at `/`) reads it from the `?token=` of the address it was opened with. Routes are
//! adapters of a few lines: decode, call the [`Workbench`], map the error to a status.
//!
//! Every request must name this server in its `Host` header (`127.0.0.1:PORT` or
//! `localhost:PORT`), so a web page cannot reach it through a DNS name rebound to 127.0.0.1;
//! a request from a page of another origin (its `Origin` or `Sec-Fetch-Site` says so) is
//! refused; bodies are capped; and every error — the facade's, an unknown route (404), a wrong
//! method (405), a body too large (413), malformed JSON (400) — is answered as
//! `{"code", "message"}`.
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
//! | `GET /api/irt/settings` | – | `IrtSettings` |
//! | `POST /api/irt/settings` | `IrtSettings` | `IrtSettings` |
//! | `GET /api/models` | – | `ModelsReport` |
//! | `POST /api/models/add` | `AddModelRequest` | `ModelSelfTest` |
//! | `POST /api/models/test` | `ModelName` | `ModelSelfTest` |
//! | `POST /api/models/remove` | `ModelName` | `UserModelInfo` |

use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proctor_api::dto::{
    AddModelRequest, CompareRequest, Comparison, CorrelateRequest, CorrelationReport, GridRequest,
    ImportRequest, ImproveRequest, ImprovementReport, IngestRequest, IrtReport, IrtRequest,
    IrtSettings, JobStatus, ModelName, ModelSelfTest, ModelsReport, PipelineInfo,
    PipelinesOverview, ProjectPath, RunRequest, SignificanceRequest, SignificanceTable,
    UserModelInfo,
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

/// Largest JSON request body the API reads (requests are small: names, paths, settings).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

#[derive(Clone)]
struct AppState {
    workbench: Arc<Workbench>,
    token: Arc<str>,
    /// The `Host` values that name this server: 127.0.0.1:PORT and localhost:PORT.
    hosts: Arc<[String]>,
}

struct Failure(ApiError);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = match self.0.code {
            ErrorCode::InvalidInput => StatusCode::BAD_REQUEST,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::Conflict | ErrorCode::NoProject => StatusCode::CONFLICT,
            ErrorCode::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorCode::Forbidden => StatusCode::FORBIDDEN,
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

async fn irt_settings(State(s): State<AppState>) -> Answer<IrtSettings> {
    call(&s, Workbench::irt_settings).await
}

async fn set_irt_settings(
    State(s): State<AppState>,
    Json(r): Json<IrtSettings>,
) -> Answer<IrtSettings> {
    call(&s, move |w| w.set_irt_settings(&r)).await
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

/// Refuses a request whose `Host` does not name this server (DNS rebinding) or that comes
/// from a page of another origin.
async fn same_origin_only(State(s): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if !host.is_some_and(|h| s.hosts.iter().any(|ok| ok.eq_ignore_ascii_case(h))) {
        return Failure(ApiError::new(
            ErrorCode::Forbidden,
            format!(
                "this server answers requests addressed to {} only, not to {}",
                s.hosts.join(" or "),
                host.unwrap_or("no host")
            ),
        ))
        .into_response();
    }
    if let Some(origin) = cross_origin(headers, &s.hosts) {
        return Failure(ApiError::new(
            ErrorCode::Forbidden,
            format!("requests from other sites are refused ({origin})"),
        ))
        .into_response();
    }
    next.run(request).await
}

/// The foreign origin a request comes from, if any.
fn cross_origin(headers: &HeaderMap, hosts: &[String]) -> Option<String> {
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        let own = hosts
            .iter()
            .any(|h| origin.eq_ignore_ascii_case(&format!("http://{h}")));
        if !own {
            return Some(format!("origin {origin}"));
        }
    }
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some(site @ ("cross-site" | "same-site")) => Some(format!("Sec-Fetch-Site: {site}")),
        _ => None,
    }
}

/// Answers every error that is not already `{code, message}` (the router's 404 and 405,
/// axum's 413 and JSON rejections) in that shape.
async fn errors_as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let body = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let detail = String::from_utf8_lossy(&body).trim().to_owned();
    let (code, message) = match status {
        StatusCode::NOT_FOUND => (
            ErrorCode::NotFound,
            "there is no such route in Proctor's API".to_owned(),
        ),
        StatusCode::METHOD_NOT_ALLOWED => (
            ErrorCode::InvalidInput,
            "this route does not take that method (GET reads, POST changes)".to_owned(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            ErrorCode::InvalidInput,
            format!(
                "the request body is larger than {} MB, the most the API reads",
                MAX_BODY_BYTES / (1024 * 1024)
            ),
        ),
        s if s.is_client_error() => (
            ErrorCode::InvalidInput,
            if detail.is_empty() {
                format!("the request was refused ({s})")
            } else {
                format!("the request is malformed: {detail}")
            },
        ),
        s => (
            ErrorCode::Internal,
            format!("the server failed ({s}): {detail}"),
        ),
    };
    (status, Json(ApiError::new(code, message))).into_response()
}

/// The routes, for a server or a test. `port` is the one the server is bound to: requests
/// must address 127.0.0.1:port or localhost:port.
pub fn router(
    workbench: Arc<Workbench>,
    token: &str,
    ui_dir: Option<PathBuf>,
    port: u16,
) -> Router {
    let state = AppState {
        workbench,
        token: Arc::from(token),
        hosts: Arc::from([format!("127.0.0.1:{port}"), format!("localhost:{port}")]),
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
        .route("/irt/settings", get(irt_settings).post(set_irt_settings))
        .route("/models", get(models))
        .route("/models/add", post(add_model))
        .route("/models/test", post(test_model))
        .route("/models/remove", post(remove_model))
        .fallback(|| async { StatusCode::NOT_FOUND })
        .layer(middleware::from_fn_with_state(state.clone(), require_token))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state.clone());
    let app = Router::new().nest("/api", api);
    let app = match ui_dir {
        Some(dir) => {
            let index = dir.join("index.html");
            app.fallback_service(
                tower_http::services::ServeDir::new(dir)
                    .fallback(tower_http::services::ServeFile::new(index)),
            )
        }
        None => app,
    };
    app.layer(middleware::from_fn(errors_as_json))
        .layer(middleware::from_fn_with_state(state, same_origin_only))
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
        let port = listener.local_addr()?.port();
        Ok(Self {
            app: router(workbench, &token, options.ui_dir, port),
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
