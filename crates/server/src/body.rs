//! The body of every response: bytes already in memory (a file, an error text) or the dev
//! event stream. A guard rides along so the connection knows when its response is done.

use crate::conn::Busy;
use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use std::pin::Pin;
use std::task::{Context, Poll};

pub struct ResponseBody {
    kind: Payload,
    /// Dropped with the body, when the response has been written (or abandoned).
    guard: Option<Busy>,
}

enum Payload {
    Full(Option<Bytes>),
    Stream(axum::body::Body),
}

impl ResponseBody {
    pub fn full(bytes: Bytes) -> ResponseBody {
        ResponseBody { kind: Payload::Full((!bytes.is_empty()).then_some(bytes)), guard: None }
    }

    pub fn empty() -> ResponseBody {
        ResponseBody { kind: Payload::Full(None), guard: None }
    }

    pub fn stream(body: axum::body::Body) -> ResponseBody {
        ResponseBody { kind: Payload::Stream(body), guard: None }
    }

    pub(crate) fn guarded(mut self, guard: Busy) -> ResponseBody {
        self.guard = Some(guard);
        self
    }
}

impl Body for ResponseBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        match &mut self.get_mut().kind {
            Payload::Full(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Payload::Stream(body) => Pin::new(body).poll_frame(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.kind {
            Payload::Full(bytes) => bytes.is_none(),
            Payload::Stream(body) => body.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Payload::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            Payload::Stream(body) => body.size_hint(),
        }
    }
}
