//! Accepting connections so that slow or stuck clients cannot starve the page: a connection
//! must send its request's headers within [`HEADER_TIMEOUT`] (a client dripping a byte at a
//! time is closed), at most [`MAX_CONNECTIONS`] are open at once, and at that cap the oldest
//! connection is closed to make room for the newest — the user's own request is the newest,
//! and a page's event stream reconnects by itself. Running out of file descriptors pauses
//! accepting briefly instead of failing.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// Time a connection has to send a request's headers (and, kept alive, the next request's).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections open at once; well below the usual limit of 1,024 open files.
pub const MAX_CONNECTIONS: usize = 256;

/// The open connections, oldest first, each with the signal that closes it.
#[derive(Default)]
struct Open {
    next: u64,
    by_age: BTreeMap<u64, Arc<Notify>>,
}

fn lock(open: &Mutex<Open>) -> std::sync::MutexGuard<'_, Open> {
    open.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Serves `app` on `listener` until `shutdown` resolves.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Mutex::new(Open::default()));
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => accepted,
        };
        // Out of file descriptors (or a connection reset before it was taken): wait for
        // connections to close rather than spin.
        let Ok((stream, _)) = accepted else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let close = Arc::new(Notify::new());
        let id = {
            let mut open = lock(&open);
            if open.by_age.len() >= MAX_CONNECTIONS
                && let Some((_, oldest)) = open.by_age.pop_first()
            {
                oldest.notify_one();
            }
            let id = open.next;
            open.next += 1;
            open.by_age.insert(id, Arc::clone(&close));
            id
        };
        let service = TowerToHyperService::new(app.clone());
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            tokio::select! {
                _ = connection => {}
                () = close.notified() => {}
            }
            lock(&open).by_age.remove(&id);
        });
    }
}
