//! `serve`: a current production build of the site, built first when needed, served as it is.

use anyhow::{Result, bail};
use site_pipeline::stamp::{self, Mode};
use site_pipeline::{Options, load_config};
use std::net::SocketAddr;

pub fn run(opts: &Options, no_build: bool, addr: SocketAddr) -> Result<()> {
    let base = load_config(opts)?.site.base_url;
    let out = opts.out.display();
    if no_build {
        match stamp::read(&opts.out) {
            None => {
                bail!("{out} holds no build: run `cargo run --release -- build` first, or `serve` without --no-build")
            }
            Some(s) if s.mode == Mode::Dev => bail!(
                "{out} holds a `dev` build (unindexed, uncompressed, listening for rebuilds): \
                 run `cargo run --release -- build` first, or `serve` without --no-build"
            ),
            Some(s) if s.base_url != base => bail!(
                "{out} was built for the base URL {} and this site's is {base}: \
                 run `cargo run --release -- build` first, or `serve` without --no-build",
                s.base_url
            ),
            Some(_) => {}
        }
    } else if stamp::read(&opts.out) != Some(stamp::current(opts, Mode::Production, &base)?) {
        eprintln!("{out} is missing, stale, a dev build or for another base URL: building …");
        crate::print_report(&site_pipeline::build(opts)?);
    }
    let server = site_server::Server::new(&opts.out, &base, None)?;
    eprintln!("serving {out} at http://{addr}{base}  (Ctrl-C stops)");
    tokio::runtime::Runtime::new()?.block_on(server.run(addr))?;
    Ok(())
}
