//! `docsite`: builds, checks and serves the Recoil Chinese documentation site.
//!
//!   cargo run --release -- build            the whole site into build/
//!   cargo run --release -- serve            build if stale, then serve on 127.0.0.1:3000
//!   cargo run --release -- dev              serve, and rebuild on every edit (live reload)
//!   cargo run --release -- check            every validation of the build, nothing written

mod dev;

use anyhow::Result;
use clap::{Parser, Subcommand};
use site_pipeline::{Options, Problems, Report};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "docsite", version, about = "Builds, checks and serves the Recoil 中文文档 site")]
struct Cli {
    /// The repository root (holds site.toml, content/, static/, frontend/).
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    /// Where the built site goes (default: <root>/build).
    #[arg(long, global = true)]
    out: Option<PathBuf>,
    /// The front-end project (default: <root>/frontend, else the theme this engine was built with).
    #[arg(long, global = true)]
    frontend: Option<PathBuf>,
    /// The site configuration (default: <root>/site.toml).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the whole site into build/.
    Build {
        /// Rebuild the front-end bundle even when its sources did not change.
        #[arg(long)]
        fresh_bundle: bool,
        /// Also write the stage timings as JSON to this file (for bench/run).
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Build when build/ is missing or stale, then serve it.
    Serve {
        #[arg(long, default_value_t = 3000)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        host: IpAddr,
        /// Serve what is in build/ as it is, without rebuilding.
        #[arg(long)]
        no_build: bool,
        /// Serve under this path instead of the configured base URL (to test deployments).
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Serve and rebuild on every change to content, static files, config or front end.
    Dev {
        #[arg(long, default_value_t = 3000)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        host: IpAddr,
    },
    /// Run every validation of the build (config, content, links) without writing output.
    Check,
}

fn print_report(r: &Report) {
    for (name, d) in &r.stages {
        eprintln!("  {name:<10} {:>7.0} ms", d.as_secs_f64() * 1000.0);
    }
    for w in &r.warnings {
        eprintln!("warning: {w}");
    }
    eprintln!(
        "built {} pages ({} files) in {:.2} s, {} warning(s){}",
        r.pages,
        r.files,
        r.total.as_secs_f64(),
        r.warnings.len(),
        if r.bundle_cached { "; front-end bundle reused" } else { "" }
    );
}

/// The report as JSON, for bench/run.
fn report_json(r: &Report) -> String {
    let stages: serde_json::Map<String, serde_json::Value> =
        r.stages.iter().map(|(name, d)| (name.to_string(), (d.as_millis() as u64).into())).collect();
    let json = serde_json::json!({
        "pages": r.pages,
        "files": r.files,
        "warnings": r.warnings.len(),
        "totalMs": r.total.as_millis() as u64,
        "bundleCached": r.bundle_cached,
        "stagesMs": stages,
    });
    format!("{json}\n")
}

fn run(cli: Cli) -> Result<()> {
    let root = cli.root.canonicalize().map_err(|e| anyhow::anyhow!("{}: {e}", cli.root.display()))?;
    let mut opts = Options::new(&root);
    let absolute =
        |p: PathBuf| -> Result<PathBuf> { Ok(if p.is_absolute() { p } else { std::env::current_dir()?.join(p) }) };
    if let Some(out) = cli.out {
        opts.out = absolute(out)?;
    }
    if let Some(f) = cli.frontend {
        opts.frontend = absolute(f)?;
    }
    if let Some(c) = cli.config {
        opts.config = Some(absolute(c)?);
    }
    match cli.command {
        Command::Build { fresh_bundle, report } => {
            opts.fresh_bundle = fresh_bundle;
            eprintln!("building {} …", root.display());
            let r = site_pipeline::build(&opts)?;
            print_report(&r);
            if let Some(path) = report {
                std::fs::write(path, report_json(&r))?;
            }
        }
        Command::Check => {
            let checked = site_pipeline::check(&opts)?;
            for w in &checked.warnings {
                eprintln!("warning: {w}");
            }
            eprintln!("check passed: {} pages, {} warning(s)", checked.site.pages.len(), checked.warnings.len());
        }
        Command::Serve { port, host, no_build, base_url } => {
            if !no_build && !site_pipeline::stamp::is_current(&root, &opts.out) {
                eprintln!("build/ is missing or stale: building …");
                print_report(&site_pipeline::build(&opts)?);
            }
            let base = match base_url {
                Some(b) => b,
                None => site_pipeline::load_config(&opts)?.site.base_url,
            };
            let server = site_server::Server::new(&opts.out, &base, None)?;
            let addr = SocketAddr::new(host, port);
            eprintln!("serving {} at http://{addr}{base}  (Ctrl-C stops)", opts.out.display());
            tokio::runtime::Runtime::new()?.block_on(server.run(addr))?;
        }
        Command::Dev { port, host } => dev::run(opts, SocketAddr::new(host, port))?,
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            match e.downcast_ref::<Problems>() {
                Some(f) => eprintln!("{f}"),
                None => eprintln!("error: {e:#}"),
            }
            ExitCode::FAILURE
        }
    }
}
