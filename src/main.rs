//! `docsite`: builds, checks and serves the Recoil Chinese documentation site.
//!
//!   cargo run --release -- build            the whole site into build/
//!   cargo run --release -- serve            build if stale, then serve on 127.0.0.1:3000
//!   cargo run --release -- dev              serve, and rebuild on every edit (live reload)
//!   cargo run --release -- check            every validation of the build, nothing written
//!   cargo run --release -- routes           every route, its kind and its source file

mod alloc;
mod dev;
mod dev_error_page;
mod serve;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use site_pipeline::{Options, Problems, Report};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "docsite", version, about = "Builds, checks and serves the Recoil 中文文档 site")]
struct Cli {
    /// The site's folder: holds site.toml, content/, static/ and (optionally) frontend/.
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    #[command(subcommand)]
    command: Command,
}

/// Where the site's inputs are.
#[derive(Args)]
struct Inputs {
    /// The front-end project (default: <root>/frontend, else the theme this engine was built with).
    #[arg(long)]
    frontend: Option<PathBuf>,
    /// The site configuration (default: <root>/site.toml).
    #[arg(long)]
    config: Option<PathBuf>,
}

/// Where the built site goes.
#[derive(Args)]
struct Output {
    /// The built site's folder (default: <root>/build).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Where a server listens.
#[derive(Args)]
struct Listen {
    /// The port to listen on.
    #[arg(long, default_value_t = 3000)]
    port: u16,
    /// The address to listen on (0.0.0.0 for every network interface).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
}

#[derive(Subcommand)]
enum Command {
    /// Build the whole site into build/.
    Build {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        output: Output,
        /// Build for this base URL instead of site.toml's (a deployment under a sub-path, such as /repo/).
        #[arg(long)]
        base_url: Option<String>,
        /// Rebuild the front-end bundle even when its sources did not change.
        #[arg(long)]
        fresh_bundle: bool,
        /// Also write the stage timings as JSON to this file (for bench/run).
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Build when build/ is missing, stale or not a production build, then serve it.
    Serve {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        listen: Listen,
        /// Serve what is in build/ as it is, without rebuilding.
        #[arg(long)]
        no_build: bool,
        /// Build for and serve under this base URL instead of site.toml's (such as /repo/).
        #[arg(long, conflicts_with = "no_build")]
        base_url: Option<String>,
    },
    /// Serve and rebuild on every change to content, static files, config or front end.
    Dev {
        #[command(flatten)]
        inputs: Inputs,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        listen: Listen,
    },
    /// Run every validation of the build (config, content, links) without writing output.
    Check {
        #[command(flatten)]
        inputs: Inputs,
    },
    /// List every route of the site with its kind, source file and output files.
    Routes {
        #[command(flatten)]
        inputs: Inputs,
        /// As a JSON array (for tests and tools).
        #[arg(long)]
        json: bool,
    },
}

fn print_report(r: &Report) {
    for (name, d) in &r.stages {
        eprintln!("  {name:<10} {:>7.0} ms", d.as_secs_f64() * 1000.0);
    }
    for w in &r.warnings {
        eprintln!("warning: {w}");
    }
    eprintln!(
        "built {} pages ({} rendered, the rest from the cache; {} files) in {:.2} s, {} warning(s){}",
        r.pages,
        r.rendered,
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
        "rendered": r.rendered,
        "files": r.files,
        "warnings": r.warnings.len(),
        "totalMs": r.total.as_millis() as u64,
        "bundleCached": r.bundle_cached,
        "stagesMs": stages,
    });
    format!("{json}\n")
}

/// Writes to standard output; a reader that stops early (`| head`) is not an error.
fn print_to_stdout(text: &str) -> Result<()> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn absolute(p: PathBuf) -> Result<PathBuf> {
    Ok(if p.is_absolute() { p } else { std::env::current_dir()?.join(p) })
}

fn options(root: &Path, inputs: Inputs, output: Option<Output>) -> Result<Options> {
    let mut opts = Options::new(root);
    if let Some(f) = inputs.frontend {
        opts.frontend = absolute(f)?;
    }
    if let Some(c) = inputs.config {
        opts.config = Some(absolute(c)?);
    }
    if let Some(out) = output.and_then(|o| o.out) {
        opts.out = absolute(out)?;
    }
    Ok(opts)
}

fn run(cli: Cli) -> Result<()> {
    let root = cli.root.canonicalize().map_err(|e| anyhow::anyhow!("{}: {e}", cli.root.display()))?;
    match cli.command {
        Command::Build { inputs, output, base_url, fresh_bundle, report } => {
            let mut opts = options(&root, inputs, Some(output))?;
            opts.fresh_bundle = fresh_bundle;
            opts.base_url = base_url;
            eprintln!("building {} …", root.display());
            let r = site_pipeline::build(&opts)?;
            print_report(&r);
            if let Some(path) = report {
                std::fs::write(path, report_json(&r))?;
            }
        }
        Command::Check { inputs } => {
            let checked = site_pipeline::check(&options(&root, inputs, None)?)?;
            for w in &checked.warnings {
                eprintln!("warning: {w}");
            }
            eprintln!("check passed: {} pages, {} warning(s)", checked.site.pages.len(), checked.warnings.len());
        }
        Command::Routes { inputs, json } => {
            let routes = site_pipeline::routes(&site_pipeline::check(&options(&root, inputs, None)?)?);
            let text = if json {
                serde_json::to_string_pretty(&routes)? + "\n"
            } else {
                let line = |r: &site_pipeline::RouteEntry| {
                    format!("{:<48} {:<12} {}\n", r.route, r.kind, r.source.as_deref().unwrap_or("(generated)"))
                };
                routes.iter().map(line).collect()
            };
            print_to_stdout(&text)?;
        }
        Command::Serve { inputs, output, listen, no_build, base_url } => {
            let mut opts = options(&root, inputs, Some(output))?;
            opts.base_url = base_url;
            serve::run(&opts, no_build, SocketAddr::new(listen.host, listen.port))?;
        }
        Command::Dev { inputs, output, listen } => {
            dev::run(options(&root, inputs, Some(output))?, SocketAddr::new(listen.host, listen.port))?
        }
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
