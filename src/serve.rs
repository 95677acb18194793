//! `serve`: a current production build of the site, built first when needed, served as it is.

use anyhow::{Result, bail};
use site_pipeline::stamp::{self, Mode};
use site_pipeline::{Options, load_config};
use std::net::SocketAddr;

pub fn run(opts: &Options, no_build: bool, addr: SocketAddr) -> Result<()> {
    // The port first: a taken port is reported before minutes of building.
    let listener = site_server::bind(addr)?;
    let base = if no_build { built_base(opts)? } else { build_if_needed(opts)? };
    let out = opts.out.display();
    let server = site_server::Server::new(&opts.out, &base, None)?;
    eprintln!("serving {out} at http://{addr}{base}  (new builds are picked up; Ctrl-C or SIGTERM stops)");
    tokio::runtime::Runtime::new()?.block_on(server.serve(listener, site_server::Follow::NewBuilds))?;
    Ok(())
}

/// `--no-build`: the build in the output folder as it is, under the base URL it was made for.
fn built_base(opts: &Options) -> Result<String> {
    let out = opts.out.display();
    match stamp::read(&opts.out) {
        None => bail!("{out} holds no build: run `cargo run --release -- build` first, or `serve` without --no-build"),
        Some(s) if s.mode == Mode::Dev => bail!(
            "{out} holds a `dev` build (unindexed, uncompressed, listening for rebuilds): \
             run `cargo run --release -- build` first, or `serve` without --no-build"
        ),
        Some(s) => Ok(s.base_url),
    }
}

/// Builds unless the output folder holds a production build of exactly the current inputs for
/// this base URL. Returns the base URL.
fn build_if_needed(opts: &Options) -> Result<String> {
    let base = load_config(opts)?.site.base_url;
    if stamp::read(&opts.out) != Some(stamp::current(opts, Mode::Production, &base, &mut Default::default())?) {
        eprintln!("{} is missing, stale, a dev build or for another base URL: building …", opts.out.display());
        crate::print_report(&site_pipeline::build(opts)?);
    }
    Ok(base)
}
