//! What every request passes: the session token, the Host and Origin checks, and errors
//! answered as `{code, message}`.

use crate::{AppState, Failure, MAX_BODY_BYTES};
use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use proctor_api::{ApiError, ErrorCode};

pub(crate) async fn require_token(
    State(s): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
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
pub(crate) async fn same_origin_only(
    State(s): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
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
pub(crate) async fn errors_as_json(request: Request, next: Next) -> Response {
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
