//! Which representation a request gets: `Accept-Encoding` with its q-values, read by
//! `negotiator` (a port of the negotiator package behind Express): the highest q wins, ties go
//! to brotli, then gzip, then identity; `q=0` refuses a coding, `*` stands for the unnamed
//! ones, and `identity;q=0` is honoured when a compressed twin is acceptable.

use crate::files::{File, Variant};
use http::HeaderMap;
use http::header::ACCEPT_ENCODING;
use std::cell::RefCell;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// The server's order on ties.
const PREFERRED: [&str; 3] = ["br", "gzip", "identity"];

/// The variant of `file` to send for these request headers.
pub fn choose<'f>(headers: &HeaderMap, file: &'f File) -> (&'f Variant, Encoding) {
    let accept = headers.get(ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
    match cached(accept, file.br.is_some(), file.gzip.is_some()) {
        Encoding::Brotli => (file.br.as_ref().expect("offered only when present"), Encoding::Brotli),
        Encoding::Gzip => (file.gzip.as_ref().expect("offered only when present"), Encoding::Gzip),
        Encoding::Identity => (&file.identity, Encoding::Identity),
    }
}

/// The coding a client prefers among those the file has. When nothing offered is acceptable
/// (`identity;q=0` on a file without twins) the original is sent: RFC 9110 §12.1 lets a server
/// disregard the header rather than answer 406, and a broken page helps no reader.
pub fn preferred(accept: Option<&str>, has_br: bool, has_gzip: bool) -> Encoding {
    let offered: Vec<&str> = PREFERRED
        .iter()
        .copied()
        .filter(|e| match *e {
            "br" => has_br,
            "gzip" => has_gzip,
            _ => true,
        })
        .collect();
    let ranked = negotiator::preferred_encodings(accept, Some(&offered), Some(&PREFERRED));
    match ranked.first().map(String::as_str) {
        Some("br") => Encoding::Brotli,
        Some("gzip") => Encoding::Gzip,
        _ => Encoding::Identity,
    }
}

thread_local! {
    /// Browsers (and load generators) send the same `Accept-Encoding` on every request: the
    /// answer for the last header seen on this thread, per combination of twins, saves parsing
    /// the list each time.
    static LAST: RefCell<(Vec<u8>, [Option<Encoding>; 4])> = const { RefCell::new((Vec::new(), [None; 4])) };
}

fn cached(accept: Option<&str>, has_br: bool, has_gzip: bool) -> Encoding {
    let Some(value) = accept else { return preferred(None, has_br, has_gzip) };
    let slot = usize::from(has_br) * 2 + usize::from(has_gzip);
    LAST.with_borrow_mut(|(header, answers)| {
        if header.as_slice() != value.as_bytes() {
            header.clear();
            header.extend_from_slice(value.as_bytes());
            *answers = [None; 4];
        }
        *answers[slot].get_or_insert_with(|| preferred(accept, has_br, has_gzip))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Encoding::*;

    fn both(accept: &str) -> Encoding {
        preferred(Some(accept), true, true)
    }

    #[test]
    fn the_highest_q_wins() {
        assert_eq!(both("br;q=0.1, gzip"), Gzip);
        assert_eq!(both("gzip;q=0.5, br;q=0.9"), Brotli);
        assert_eq!(both("gzip;q=0.2, identity;q=0.5"), Identity);
        assert_eq!(both("br; q=0.1, gzip; q=0.2"), Gzip);
    }

    #[test]
    fn ties_prefer_brotli_then_gzip_then_identity() {
        assert_eq!(both("gzip, deflate, br"), Brotli);
        assert_eq!(both("identity, gzip"), Gzip);
        assert_eq!(preferred(Some("gzip, br"), false, true), Gzip);
        assert_eq!(preferred(Some("gzip, br"), false, false), Identity);
    }

    #[test]
    fn zero_refuses_and_star_stands_for_the_rest() {
        assert_eq!(both("br;q=0, gzip;q=0"), Identity);
        assert_eq!(both("*"), Brotli);
        assert_eq!(both("*;q=0.5, br;q=0"), Gzip);
        assert_eq!(both("identity;q=0, gzip;q=0.1"), Gzip);
        assert_eq!(both("*;q=0, identity"), Identity);
        assert_eq!(both("deflate"), Identity);
        assert_eq!(preferred(Some("identity;q=0"), false, false), Identity, "nothing acceptable: the original");
    }

    #[test]
    fn no_header_means_the_original() {
        assert_eq!(preferred(None, true, true), Identity);
        assert_eq!(both(""), Identity);
    }

    #[test]
    fn the_per_thread_answer_follows_the_header_and_the_twins() {
        assert_eq!(cached(Some("gzip, br"), true, true), Brotli);
        assert_eq!(cached(Some("gzip, br"), false, true), Gzip);
        assert_eq!(cached(Some("gzip, br"), true, true), Brotli);
        assert_eq!(cached(Some("br;q=0.1, gzip"), true, true), Gzip);
        assert_eq!(cached(None, true, true), Identity);
    }
}
