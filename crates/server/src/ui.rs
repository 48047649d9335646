//! The UI embedded in the binary (see build.rs), or a folder given for UI development.

use axum::http::{StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/ui_files.rs"));

fn mime(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Whether this binary carries a built UI.
pub fn embedded() -> bool {
    UI_FILES.iter().any(|(path, _)| *path == "index.html")
}

/// Answers a page or asset of the embedded UI; any other path is the app itself (its router
/// reads the address), so deep links survive a reload.
pub(crate) async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let found = UI_FILES
        .iter()
        .find(|(name, _)| *name == path)
        .or_else(|| UI_FILES.iter().find(|(name, _)| *name == "index.html"));
    match found {
        Some((name, bytes)) => {
            let cache = if name.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            (
                [
                    (header::CONTENT_TYPE, mime(name)),
                    (header::CACHE_CONTROL, cache),
                ],
                *bytes,
            )
                .into_response()
        }
        None => (
            StatusCode::OK,
            Html(
                "<!doctype html><title>Proctor</title><p>This build of Proctor has no user \
                 interface: run <code>scripts/setup.sh</code> (it builds <code>ui/</code> before \
                 the binary). The API answers under <code>/api/</code>.</p>",
            ),
        )
            .into_response(),
    }
}
