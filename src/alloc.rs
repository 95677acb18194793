//! The engine's memory allocator: mimalloc, not the C library's.
//!
//! A cold build of 10 024 pages peaked at 1 259 MB of resident memory with glibc's allocator,
//! and at 913 MB with mimalloc, in the same time (76.7 and 75.8 s): glibc keeps an arena per
//! thread, and the build's many threads (a pool per index shard, the cards, the compression)
//! left each arena fragmented. Without the `no_thp` feature, mimalloc asks for transparent huge
//! pages, and each 2 MB fault cost system time on a cold build of this site (0.9-1.3 s against
//! 0.7-0.8 s). bench/RESULTS.md has the figures.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
