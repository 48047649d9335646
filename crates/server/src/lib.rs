//! `proctor serve`: the same facade as the desktop app, as JSON over HTTP.
//!
//! Binds 127.0.0.1 only. Every `/api/` request must carry `Authorization: Bearer <token>`,
//! where the token is made fresh for each run and printed with the address; the UI (embedded in
//! the binary, served at `/`) reads it from the `?token=` of the address it was opened with.
//!
//! The routes are derived from the use-case table
//! ([`proctor_api::workbench::table::USE_CASES`]), not written by hand:
//!
//! | route | body | answer |
//! |---|---|---|
//! | `POST /api/<use case>` | its request as JSON (empty or `null` when it takes none) | its answer |
//! | `GET /api/events` | – | Server-Sent Events: `job` with a `JobStatus` whenever a job moves |
//! | `PUT /api/upload/<file name>[?folder=<sub-folder>]` | the file's bytes, streamed | `ProjectPath` of the kept file |
//!
//! Every request must name this server in its `Host` header (`127.0.0.1:PORT` or
//! `localhost:PORT`), so a web page cannot reach it through a DNS name rebound to 127.0.0.1;
//! a request from a page of another origin (its `Origin` or `Sec-Fetch-Site` says so) is
//! refused; JSON bodies are capped; uploads are capped at the import size limit; and every
//! error — the facade's, an unknown route (404), a wrong method (405), a body too large (413),
//! malformed JSON (400) — is answered as `{"code", "message"}`. Slow or stuck clients cannot
//! starve the page: headers must arrive within 10 s and the oldest of 256 open connections
//! makes room for a new one (see `connections.rs`).

mod connections;
mod guard;
pub mod ui;

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use futures_util::{Stream, StreamExt};
use proctor_api::dto::{JobStatus, ProjectPath};
use proctor_api::{ApiError, ApiResult, ErrorCode, Workbench};
use std::convert::Infallible;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::broadcast;

/// What `proctor serve` needs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// A built UI folder to serve instead of the embedded one (for UI development).
    pub ui_dir: Option<PathBuf>,
    /// The session token; a random one when `None`.
    pub token: Option<String>,
}

/// Largest JSON request body the API reads (requests are small: names, paths, settings).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

#[derive(Clone)]
pub(crate) struct AppState {
    workbench: Arc<Workbench>,
    token: Arc<str>,
    /// The `Host` values that name this server: 127.0.0.1:PORT and localhost:PORT.
    hosts: Arc<[String]>,
    events: broadcast::Sender<JobStatus>,
}

pub(crate) struct Failure(ApiError);

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

/// Runs blocking facade work off the async threads.
async fn blocking<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce(&Workbench) -> ApiResult<T> + Send + 'static,
) -> Result<T, Failure> {
    let workbench = Arc::clone(&state.workbench);
    tokio::task::spawn_blocking(move || f(&workbench))
        .await
        .map_err(|e| {
            Failure(ApiError::new(
                ErrorCode::Internal,
                format!("the request failed: {e}"),
            ))
        })?
        .map_err(Failure)
}

/// `POST /api/<use case>`: the one route every use case is reached through.
async fn call(
    State(s): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<serde_json::Value>, Failure> {
    let request = if body.iter().all(u8::is_ascii_whitespace) {
        serde_json::Value::Null
    } else {
        // Only JSON: a form or text body is what a page of another site could send unasked.
        let json = headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        if !json {
            return Err(Failure(ApiError::new(
                ErrorCode::InvalidInput,
                format!("the request to \"{name}\" must be sent as application/json"),
            )));
        }
        serde_json::from_slice(&body).map_err(|e| {
            Failure(ApiError::new(
                ErrorCode::InvalidInput,
                format!("the request to \"{name}\" is not JSON: {e}"),
            ))
        })?
    };
    blocking(&s, move |w| w.call(&name, request))
        .await
        .map(Json)
}

/// `GET /api/events`: every job's status as it moves, pushed.
async fn events(State(s): State<AppState>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let receiver = s.events.subscribe();
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move {
        loop {
            match receiver.recv().await {
                Ok(status) => {
                    let event = Event::default()
                        .event("job")
                        .json_data(&status)
                        .unwrap_or_else(|_| Event::default().event("job"));
                    return Some((Ok(event), receiver));
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// `PUT /api/upload/<file name>[?folder=<sub-folder>]`: streams a file into the project's
/// folder, into a sub-folder when named (a browser's folder upload keeps its sub-folders).
async fn upload(
    State(s): State<AppState>,
    Path(name): Path<String>,
    Query(place): Query<std::collections::HashMap<String, String>>,
    body: Body,
) -> Result<Json<ProjectPath>, Failure> {
    let folder = place.get("folder").cloned();
    let mut upload = blocking(&s, move |w| w.start_upload_in(&name, folder.as_deref())).await?;
    let mut stream = body.into_data_stream();
    while let Some(piece) = stream.next().await {
        let piece = piece.map_err(|e| {
            Failure(ApiError::new(
                ErrorCode::InvalidInput,
                format!("the upload broke off: {e}; nothing was kept"),
            ))
        })?;
        upload.write(&piece).map_err(Failure)?;
    }
    let path = upload.finish().map_err(Failure)?;
    Ok(Json(ProjectPath {
        path: path.display().to_string(),
    }))
}

/// The routes, for a server or a test. `port` is the one the server is bound to: requests
/// must address 127.0.0.1:port or localhost:port.
pub fn router(
    workbench: Arc<Workbench>,
    token: &str,
    ui_dir: Option<PathBuf>,
    port: u16,
) -> Router {
    let (events_sender, _) = broadcast::channel(256);
    let sender = events_sender.clone();
    workbench.listen(Arc::new(move |status: &JobStatus| {
        // No subscriber is not an error: nobody has the page open.
        let _ = sender.send(status.clone());
    }));
    let state = AppState {
        workbench,
        token: Arc::from(token),
        hosts: Arc::from([format!("127.0.0.1:{port}"), format!("localhost:{port}")]),
        events: events_sender,
    };
    let api = Router::new()
        .route("/events", get(events))
        .route(
            "/upload/{name}",
            put(upload).layer(DefaultBodyLimit::disable()),
        )
        .route("/{name}", post(call))
        .fallback(|| async { StatusCode::NOT_FOUND })
        .layer(middleware::from_fn_with_state(
            state.clone(),
            guard::require_token,
        ))
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
        None => app.fallback(ui::serve),
    };
    app.layer(middleware::from_fn(guard::errors_as_json))
        .layer(middleware::from_fn_with_state(
            state,
            guard::same_origin_only,
        ))
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
        connections::serve(self.listener, self.app, shutdown).await
    }
}
