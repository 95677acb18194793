//! Times the font loading and the cards, in release mode:
//!   cargo run -p site-cards --release --example bench [-- CARDS]
//! Titles come from content/ (front matter); CARDS (default 10000) distinct cards for the
//! parallel run are those titles numbered.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use site_cards::{CardText, FontFiles, Renderer, render_missing};

fn main() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let many: usize = std::env::args().nth(1).map_or(Ok(10_000), |n| n.parse()).context("CARDS is a number")?;
    let fonts = FontFiles::in_node_modules(&root.join("frontend/node_modules"));
    let logo = fs::read(root.join("static/img/logo.svg"))?;

    let started = Instant::now();
    let renderer = Renderer::new(&fonts, &logo)?;
    println!("Renderer::new (font identities, logo check): {:?}", started.elapsed());
    let (started, started_cpu) = (Instant::now(), process_cpu());
    renderer.layout(&card("原子"))?;
    let (wall, cpu) = (started.elapsed(), process_cpu() - started_cpu);
    println!("first card layout (loads 2 fonts, draws the background): {wall:?} wall, {cpu:?} CPU");

    let titles = content_titles(&root.join("content"))?;
    let cards: Vec<CardText> = titles.iter().map(|t| card(t)).collect();
    println!("{} titles in content/", cards.len());
    let sample = &cards[..100.min(cards.len())];
    let layout = median(sample, |c| drop(renderer.layout(c)));
    let render = median(sample, |c| drop(renderer.render(c).expect("renders")));
    let bytes: usize = sample.iter().map(|c| renderer.render(c).unwrap().len()).sum();
    let n = sample.len();
    println!("one thread, {n} titles: layout median {:?} wall, mean {:?} CPU", layout.0, layout.1);
    println!("one thread, {n} titles: whole card median {:?} wall, mean {:?} CPU", render.0, render.1);
    println!("mean PNG size: {} bytes ({} KiB)", bytes / sample.len(), bytes / sample.len() / 1024);

    let dir = tempfile::tempdir()?;
    let timed = |cards: &[CardText]| -> Result<(String, site_cards::Batch)> {
        let (started, started_cpu) = (Instant::now(), process_cpu());
        let batch = render_missing(&renderer, cards, dir.path())?;
        Ok((format!("{:?} wall, {:?} CPU", started.elapsed(), process_cpu() - started_cpu), batch))
    };
    let (cold, batch) = timed(&cards)?;
    println!("site ({} cards), parallel, cold: {cold} ({} rendered)", cards.len(), batch.rendered);
    let (warm, batch) = timed(&cards)?;
    println!("site again, all cached: {warm} ({} rendered, {} reused)", batch.rendered, batch.reused);
    let numbered: Vec<CardText> = (0..many).map(|i| card(&format!("{} #{i}", titles[i % titles.len()]))).collect();
    let (cold, batch) = timed(&numbered)?;
    println!("{many} cards, parallel, cold: {cold} ({} rendered)", batch.rendered);
    let (warm, _) = timed(&numbered)?;
    println!("{many} cards again, all cached: {warm}");
    Ok(())
}

fn card(title: &str) -> CardText {
    CardText {
        title: title.into(), section: Some("API 参考 › State".into()), site_name: "Recoil 中文文档".into()
    }
}

/// The median wall time per card, and the mean CPU time of this thread per card (the machine
/// is shared: CPU time is what a card costs, wall time what it took while others ran; the
/// kernel accounts CPU time in scheduler ticks, too coarse for one card, fine for a hundred).
fn median(cards: &[CardText], mut run: impl FnMut(&CardText)) -> (Duration, Duration) {
    let started_cpu = thread_cpu();
    let mut wall: Vec<Duration> = cards
        .iter()
        .map(|c| {
            let started = Instant::now();
            run(c);
            started.elapsed()
        })
        .collect();
    let cpu = (thread_cpu() - started_cpu) / cards.len() as u32;
    wall.sort();
    (wall[wall.len() / 2], cpu)
}

/// This thread's CPU time (Linux: the first field of /proc/thread-self/schedstat, in ns).
fn thread_cpu() -> Duration {
    let stat = fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(stat.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0))
}

/// The process's user + system CPU time, all threads (fields 14 and 15 of /proc/self/stat, in
/// clock ticks of 10 ms).
fn process_cpu() -> Duration {
    let stat = fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: u64 = [11, 12].iter().filter_map(|&i| fields.get(i)?.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

fn content_titles(content: &Path) -> Result<Vec<String>> {
    let mut titles = Vec::new();
    for entry in walkdir::WalkDir::new(content).sort_by_file_name() {
        let entry = entry?;
        if !entry.path().extension().is_some_and(|e| e == "md" || e == "mdx") {
            continue;
        }
        let text = fs::read_to_string(entry.path())?;
        if let Some(line) = text.lines().skip(1).take_while(|l| *l != "---").find(|l| l.starts_with("title:")) {
            titles.push(line["title:".len()..].trim().trim_matches('"').to_string());
        }
    }
    Ok(titles)
}
