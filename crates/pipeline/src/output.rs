//! Writing the site to disk: static files, feeds, the files the pages need
//! (pages themselves: [`crate::pages`]; compressed copies: [`crate::compress`]).

use anyhow::{Context, Result};
use site_config::Config;
use site_frontend::Bundle;
use site_model::Site;
use std::path::{Path, PathBuf};

/// Static files, hashed assets, feeds, sitemap, the security policy and the search titles.
/// Returns the names of the files written, relative to `out` and `/`-separated.
pub fn write_static(root: &Path, bundle: &Bundle, config: &Config, site: &Site, out: &Path) -> Result<Vec<String>> {
    let mut written: Vec<String> =
        copy_tree(&root.join("static"), out)?.into_iter().map(|(p, _)| p[1..].to_string()).collect();
    let assets = copy_tree(&bundle.client_dir.join("assets"), &out.join("assets"))?;
    written.extend(assets.into_iter().map(|(p, _)| format!("assets{p}")));
    let mut put = |name: &str, bytes: &[u8]| {
        written.push(name.to_string());
        write(out, Path::new(name), bytes)
    };
    put("sitemap.xml", site_model::feeds::sitemap(config, site).as_bytes())?;
    put("blog/rss.xml", site_model::feeds::rss(config, &site.feed).as_bytes())?;
    put("blog/atom.xml", site_model::feeds::atom(config, &site.feed).as_bytes())?;
    let template = std::fs::read_to_string(bundle.client_dir.join("index.html"))?;
    let csp = site_model::csp::policy(&template, &site.data);
    put(".csp", csp.as_bytes())?;
    // The same headers `serve` sends, for static hosts and CDNs that read `_headers`.
    let headers = site_server::static_host_headers(&csp, &site.data.base_url);
    put("_headers", headers.as_bytes())?;
    Ok(written)
}

/// Writes `bytes` at `out/rel`, making its folder when it is missing (only then: most files of a
/// build go into folders that exist, and asking first cost two calls into the file system per
/// file). Whether the folder is missing is not asked after a failed write: another thread
/// writing into the same new folder may have made it meanwhile, and the write must be tried
/// again then too (a 10 000-page build failed so).
pub fn write(out: &Path, rel: &Path, bytes: &[u8]) -> Result<()> {
    let path = out.join(rel);
    match std::fs::write(&path, bytes) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && out.is_dir() => {
            let parent = path.parent().unwrap_or(out);
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
            std::fs::write(&path, bytes)
        }
        written => written,
    }
    .with_context(|| format!("writing {}", path.display()))
}

/// Every file under `dir`, as site paths (`/img/logo.svg`) and file paths.
pub fn files_under(dir: &Path) -> Vec<(String, PathBuf)> {
    if !dir.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
            (format!("/{rel}"), e.into_path())
        })
        .collect()
}

/// Copies the tree `from` into `to`; returns what it copied ([`files_under`] `from`).
pub fn copy_tree(from: &Path, to: &Path) -> Result<Vec<(String, PathBuf)>> {
    let files = files_under(from);
    for (site_path, src) in &files {
        let dst = to.join(&site_path[1..]);
        if let Some(p) = dst.parent() {
            std::fs::create_dir_all(p).with_context(|| format!("creating {}", p.display()))?;
        }
        std::fs::copy(src, &dst).with_context(|| format!("copying {} to {}", src.display(), dst.display()))?;
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_writing_into_the_same_new_folder_all_succeed() {
        let out = tempfile::tempdir().unwrap();
        // Each round, four threads write into one folder that none of them has made yet: the
        // first to fail makes it while the others are between their failed write and a retry.
        for round in 0..300 {
            std::thread::scope(|s| {
                for t in 0..4 {
                    let out = out.path();
                    s.spawn(move || write(out, Path::new(&format!("r{round}/a/b/{t}.txt")), b"x").unwrap());
                }
            });
        }
        assert_eq!(files_under(out.path()).len(), 1200);
    }

    #[test]
    fn a_missing_output_folder_is_not_made_again() {
        let out = tempfile::tempdir().unwrap();
        let gone = out.path().join("build.partial");
        assert!(write(&gone, Path::new("docs/x.html"), b"x").is_err());
        assert!(!gone.exists(), "a write after the staging folder was removed made it again");
    }
}
