//! What a build did: pages, files, warnings, and the time of each stage.

use anyhow::Result;
use std::time::{Duration, Instant};

#[derive(Debug, Default, Clone)]
pub struct Report {
    pub pages: usize,
    /// Pages prerendered by this build; the others came from the cache.
    pub rendered: usize,
    pub files: usize,
    pub warnings: Vec<String>,
    pub stages: Vec<(&'static str, Duration)>,
    pub total: Duration,
    pub bundle_cached: bool,
}

/// Stage timings, in the order the stages ran.
#[derive(Default)]
pub(crate) struct Stages {
    list: Vec<(&'static str, Duration)>,
}

impl Stages {
    pub fn run<T>(&mut self, name: &'static str, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let t = Instant::now();
        let r = f()?;
        self.done(name, t.elapsed());
        Ok(r)
    }

    /// Records `d` for stage `name`, added to its time when the stage ran before (in parts).
    pub fn done(&mut self, name: &'static str, d: Duration) {
        match self.list.iter_mut().find(|(n, _)| *n == name) {
            Some((_, total)) => *total += d,
            None => self.list.push((name, d)),
        }
    }

    /// The time of the stages so far.
    pub fn total(&self) -> Duration {
        self.list.iter().map(|(_, d)| *d).sum()
    }

    pub fn into_list(self) -> Vec<(&'static str, Duration)> {
        self.list
    }
}
