//! The dev live-reload stream (`/__dev/events`, server-sent events): one event per rebuild
//! that changed pages. Comments go out between events so the connection never looks stalled,
//! and the stream ends when the server stops so the stop does not wait on open tabs.

use crate::Reload;
use crate::body::ResponseBody;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::StreamExt;
use http::Response;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::watch;
use tokio_stream::wrappers::BroadcastStream;

pub fn stream(reload: &Reload, mut stop: watch::Receiver<bool>, keep_alive: Duration) -> Response<ResponseBody> {
    let events = BroadcastStream::new(reload.subscribe())
        .filter_map(|m| async move { m.ok().map(|data| Ok::<_, Infallible>(Event::default().data(data))) });
    let stopped = async move { crate::serve::stopped(&mut stop).await };
    let events = events.take_until(Box::pin(stopped));
    let keep_alive = KeepAlive::new().interval(keep_alive.max(Duration::from_millis(100)));
    Sse::new(events).keep_alive(keep_alive).into_response().map(ResponseBody::stream)
}
