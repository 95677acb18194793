//! Conditional and partial requests, read with the typed headers of the `headers` crate:
//! `If-None-Match` (weak comparison, so `W/"x"` matches `"x"`), `Range` (one byte range; more
//! than one is answered with the whole file, as HTTP allows) and `If-Range` (strong
//! comparison: a stale validator gets the whole file, not a piece of a different one).

use crate::files::Variant;
use headers::{HeaderMapExt, IfNoneMatch, IfRange, Range};
use http::HeaderMap;
use http::header::{IF_NONE_MATCH, IF_RANGE, RANGE};
use std::ops::Bound;

/// True when the client's copy of this representation is current (answer 304).
pub fn not_modified(headers: &HeaderMap, variant: &Variant) -> bool {
    if !headers.contains_key(IF_NONE_MATCH) {
        return false;
    }
    headers.typed_get::<IfNoneMatch>().is_some_and(|condition| !condition.precondition_passes(&variant.etag))
}

#[derive(Debug, PartialEq, Eq)]
pub enum Part {
    Whole,
    /// Inclusive byte offsets.
    Bytes(u64, u64),
    Unsatisfiable,
}

/// The part of `variant` a request asks for. Malformed ranges are ignored (the whole file).
pub fn part(headers: &HeaderMap, variant: &Variant) -> Part {
    if !headers.contains_key(RANGE) {
        return Part::Whole;
    }
    let Some(range) = headers.typed_get::<Range>() else { return Part::Whole };
    if headers.contains_key(IF_RANGE) {
        let current = headers.typed_get::<IfRange>().is_some_and(|c| !c.is_modified(Some(&variant.etag), None));
        if !current {
            return Part::Whole;
        }
    }
    let len = variant.body.len() as u64;
    let mut specs = range.satisfiable_ranges(len);
    let (Some(spec), None) = (specs.next(), specs.next()) else { return Part::Whole };
    let start = match spec.0 {
        Bound::Included(s) => s,
        _ => return Part::Whole,
    };
    let end = match spec.1 {
        Bound::Included(e) if e < start => return Part::Whole,
        Bound::Included(e) => e.min(len.saturating_sub(1)),
        _ => len.saturating_sub(1),
    };
    if start >= len { Part::Unsatisfiable } else { Part::Bytes(start, end) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use http::HeaderValue;

    fn variant(body: &'static [u8], etag: &str) -> Variant {
        Variant { body: Bytes::from_static(body), etag: etag.parse().unwrap(), headers: HeaderMap::new() }
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn if_none_match_compares_weakly() {
        let v = variant(b"x", "\"abc\"");
        assert!(not_modified(&headers(&[("if-none-match", "\"abc\"")]), &v));
        assert!(not_modified(&headers(&[("if-none-match", "W/\"abc\"")]), &v));
        assert!(not_modified(&headers(&[("if-none-match", "\"zzz\", W/\"abc\"")]), &v));
        assert!(not_modified(&headers(&[("if-none-match", "*")]), &v));
        assert!(!not_modified(&headers(&[("if-none-match", "\"abd\"")]), &v));
        assert!(!not_modified(&headers(&[]), &v));
    }

    #[test]
    fn one_range_is_served_and_bad_ones_are_ignored() {
        let v = variant(b"0123456789", "\"t\"");
        let part_of = |r: &str| part(&headers(&[("range", r)]), &v);
        assert_eq!(part_of("bytes=2-4"), Part::Bytes(2, 4));
        assert_eq!(part_of("bytes=-3"), Part::Bytes(7, 9));
        assert_eq!(part_of("bytes=7-"), Part::Bytes(7, 9));
        assert_eq!(part_of("bytes=8-100"), Part::Bytes(8, 9));
        assert_eq!(part_of("bytes=50-60"), Part::Unsatisfiable);
        assert_eq!(part_of("bytes=-0"), Part::Unsatisfiable);
        for bad in ["bytes=abc", "bytes=5-2", "chars=1-2", "bytes=1-2,4-5", "bytes=-", "bytes=99999999999999999999999-"]
        {
            assert_eq!(part_of(bad), Part::Whole, "{bad}");
        }
        assert_eq!(part(&headers(&[("range", "bytes=0-0")]), &variant(b"", "\"e\"")), Part::Unsatisfiable);
    }

    #[test]
    fn if_range_needs_the_current_strong_validator() {
        let v = variant(b"0123456789", "\"t\"");
        let with = |ir: &str| part(&headers(&[("range", "bytes=2-4"), ("if-range", ir)]), &v);
        assert_eq!(with("\"t\""), Part::Bytes(2, 4));
        assert_eq!(with("\"old\""), Part::Whole);
        assert_eq!(with("W/\"t\""), Part::Whole, "If-Range compares strongly");
        assert_eq!(with("Wed, 21 Oct 2015 07:28:00 GMT"), Part::Whole, "no dates: the whole file");
        assert_eq!(with("nonsense"), Part::Whole);
    }
}
