//! Large bodies in one sealed memory file (Linux). Each body is a slice of the file's
//! read-only mapping, so it is served from memory like any other; and when a connection writes
//! one, it hands the kernel the file and offset instead (`sendfile`, as nginx does from its
//! files) rather than copying the bytes into the socket. That copy was 37 % of the server's CPU
//! on a 49 KB asset (`perf`, pinned `bench/server`).
//!
//! The file is sealed before it is mapped: no one can write, grow or shrink it any more, which
//! is what makes reading the mapping as ordinary bytes sound. Elsewhere, or when the kernel
//! refuses a memory file, every body stays on the heap and is written as before.

use bytes::Bytes;
use std::io;
use std::ops::Range;
use std::path::Path;

/// Bodies from this size go to the arena: below it, one `writev` of head and body costs as much
/// as a `send` of the head and a `sendfile` of the body, or less (pinned wrk, five runs each:
/// a 20.6 KB body the same either way, a 10.7 KB one 3 % faster by `writev`, a 49 KB one a
/// quarter slower).
pub const MIN_BODY: usize = 32 * 1024;

/// A body where it was put: on the heap, or a range of the arena to be sliced once sealed.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub enum Placed {
    Heap(Bytes),
    Arena(Range<usize>),
}

/// Bodies going into the arena, before it is sealed.
pub struct Builder {
    #[cfg(target_os = "linux")]
    file: Option<std::fs::File>,
    #[cfg(target_os = "linux")]
    len: usize,
}

/// The sealed arena: the whole mapping as one `Bytes` (bodies are slices of it, which keep the
/// mapping alive) and the file it maps, for `sendfile`; or, when the file could not be sealed,
/// its bytes on the heap and no file. Made on Linux only.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub struct Arena {
    whole: Bytes,
    #[cfg(target_os = "linux")]
    file: Option<std::fs::File>,
}

impl Builder {
    pub fn new() -> Builder {
        #[cfg(target_os = "linux")]
        {
            use rustix::fs::{MemfdFlags, fcntl_get_seals, memfd_create};
            // A kernel (or sandbox) without memory files or their seals: every body on the heap.
            let file = memfd_create("docsite-bodies", MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING)
                .ok()
                .filter(|fd| fcntl_get_seals(fd).is_ok());
            Builder { file: file.map(std::fs::File::from), len: 0 }
        }
        #[cfg(not(target_os = "linux"))]
        Builder {}
    }

    /// The file at `path` in the arena when it is large and the arena exists (copied by the
    /// kernel: a large body never passes through the heap), else read onto the heap.
    pub fn place(&mut self, path: &Path) -> io::Result<Placed> {
        let mut from = std::fs::File::open(path)?;
        let len = from.metadata()?.len();
        #[cfg(target_os = "linux")]
        if let Some(arena) = &mut self.file
            && len >= MIN_BODY as u64
        {
            let start = self.len;
            self.len += usize::try_from(io::copy(&mut from, arena)?).expect("a file fits in memory");
            return Ok(Placed::Arena(start..self.len));
        }
        let mut body = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
        io::Read::read_to_end(&mut from, &mut body)?;
        Ok(Placed::Heap(Bytes::from(body)))
    }

    /// Seals and maps the arena; `None` when nothing went into it.
    pub fn seal(self) -> io::Result<Option<Arena>> {
        self.seal_with(seal_against_changes)
    }

    /// [`Builder::seal`] with `seal` as the sealing step. When it fails, the bodies are read back
    /// onto the heap and written from memory like the small ones: the server must start either way.
    fn seal_with(self, seal: impl Fn(&std::fs::File) -> io::Result<()>) -> io::Result<Option<Arena>> {
        #[cfg(target_os = "linux")]
        if let Some(file) = self.file
            && self.len > 0
        {
            if seal(&file).is_err() {
                let mut bodies = vec![0; self.len];
                std::os::unix::fs::FileExt::read_exact_at(&file, &mut bodies, 0)?;
                return Ok(Some(Arena { whole: Bytes::from(bodies), file: None }));
            }
            // SAFETY: the file is a memory file of our own, sealed just above against writes and
            // size changes (and against removing the seals), so the mapped bytes can never change
            // or vanish while the mapping lives.
            let map = unsafe { memmap2::Mmap::map(&file)? };
            return Ok(Some(Arena { whole: Bytes::from_owner(map), file: Some(file) }));
        }
        #[cfg(not(target_os = "linux"))]
        let _ = seal;
        Ok(None)
    }
}

/// Seals `file` against writes, growing, shrinking and further seals. The kernel refuses
/// (`EBUSY`) while a page of the file is held by anyone besides the file itself, after waiting
/// about 75 ms: a server once failed to start so (a test run's `serve`, the file just filled from
/// the build's files by `sendfile`). Asked again a few times, a little later each time.
#[cfg(target_os = "linux")]
fn seal_against_changes(file: &std::fs::File) -> io::Result<()> {
    use rustix::fs::{SealFlags, fcntl_add_seals};
    let mut wait = std::time::Duration::from_millis(5);
    loop {
        match fcntl_add_seals(file, SealFlags::WRITE | SealFlags::GROW | SealFlags::SHRINK | SealFlags::SEAL) {
            Err(rustix::io::Errno::BUSY) if wait < std::time::Duration::from_millis(500) => {
                std::thread::sleep(wait);
                wait *= 2;
            }
            sealed => return sealed.map_err(io::Error::from),
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn seal_against_changes(_: &std::fs::File) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

impl Arena {
    /// The body placed at `range`.
    pub fn body(&self, range: Range<usize>) -> Bytes {
        self.whole.slice(range)
    }

    /// The arena's file and the offset in it of `buf`, when `buf` lies inside the arena.
    #[cfg(target_os = "linux")]
    pub fn locate(&self, buf: &[u8]) -> Option<(&std::fs::File, u64)> {
        let file = self.file.as_ref()?;
        let start = self.whole.as_ptr() as usize;
        let at = (buf.as_ptr() as usize).checked_sub(start)?;
        (at + buf.len() <= self.whole.len()).then_some((file, at as u64))
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn file(dir: &Path, name: &str, body: &[u8]) -> std::path::PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        path
    }

    #[test]
    fn bodies_the_kernel_will_not_seal_are_read_back_onto_the_heap() {
        let d = tempfile::tempdir().unwrap();
        let large: Vec<u8> = (0..MIN_BODY * 3).map(|i| (i % 241) as u8).collect();
        let mut b = Builder::new();
        let placed =
            [b.place(&file(d.path(), "a", &large)).unwrap(), b.place(&file(d.path(), "b", &[7; MIN_BODY])).unwrap()];
        let busy = |_: &std::fs::File| Err(io::Error::from(rustix::io::Errno::BUSY));
        let arena = b.seal_with(busy).unwrap().expect("two bodies went in");
        let [Placed::Arena(first), Placed::Arena(second)] = placed else { panic!("large bodies stay on the heap") };
        let (one, two) = (arena.body(first), arena.body(second));
        assert!(one == large && two[..] == [7; MIN_BODY][..]);
        assert!(arena.locate(&one).is_none(), "never sent from a file that was not sealed");
    }

    #[test]
    fn large_bodies_go_to_the_sealed_arena_and_read_back_whole() {
        let d = tempfile::tempdir().unwrap();
        let large: Vec<u8> = (0..MIN_BODY * 2).map(|i| (i % 251) as u8).collect();
        let mut b = Builder::new();
        let small = b.place(&file(d.path(), "small", &[1; 100])).unwrap();
        let placed =
            [b.place(&file(d.path(), "a", &large)).unwrap(), b.place(&file(d.path(), "b", &[9; MIN_BODY])).unwrap()];
        assert!(matches!(small, Placed::Heap(ref s) if s[..] == [1; 100]));
        let arena = b.seal().unwrap().expect("two bodies went in");
        let [Placed::Arena(first), Placed::Arena(second)] = placed else { panic!("large bodies stay on the heap") };
        let (one, two) = (arena.body(first), arena.body(second));
        assert!(one == large && two[..] == [9; MIN_BODY][..]);
        let (_, at) = arena.locate(&two[10..20]).expect("a slice of a body is in the arena");
        assert_eq!(at, (MIN_BODY * 2 + 10) as u64);
        assert!(arena.locate(&large).is_none(), "a heap copy of the same bytes is not");
        let mut f: &std::fs::File = arena.locate(&one).unwrap().0;
        assert!(io::Write::write_all(&mut f, b"x").is_err(), "sealed against writes");
    }

    #[test]
    fn an_arena_with_nothing_in_it_is_none() {
        let d = tempfile::tempdir().unwrap();
        let mut b = Builder::new();
        b.place(&file(d.path(), "small", &[0; 10])).unwrap();
        assert!(b.seal().unwrap().is_none());
    }
}
