//! Offline reading (`site.offline`): the service worker, `sw.js` at the site root, from the
//! front end's template with this build's id and its hashed assets filled in. A new build has a
//! new id, so browsers install the new worker, which deletes the old build's caches.

use crate::output;
use anyhow::{Context, Result, bail};
use site_frontend::{Bundle, Frontend};
use std::path::Path;

const BUILD_ID: &str = "'__DOCSITE_BUILD_ID__'";
const PRECACHE: &str = "['__DOCSITE_PRECACHE__']";

/// The worker's text: `template` (read from `path`) with the build's id and the files to
/// pre-cache in place of their markers.
pub fn fill(template: &str, path: &Path, build_id: &str, precache: &[String]) -> Result<String> {
    for marker in [BUILD_ID, PRECACHE] {
        let n = template.matches(marker).count();
        if n != 1 {
            bail!(
                "{}: the service worker template must hold `{marker}` exactly once (found {n}); \
                 the build replaces it, so put it back as it was",
                path.display()
            );
        }
    }
    Ok(template.replacen(BUILD_ID, &serde_json::to_string(build_id)?, 1).replacen(
        PRECACHE,
        &serde_json::to_string(precache)?,
        1,
    ))
}

/// The app shell: every hashed asset of the bundle, relative to the site root.
fn precache_list(bundle: &Bundle) -> Vec<String> {
    let mut files: Vec<String> = output::files_under(&bundle.client_dir.join("assets"))
        .into_iter()
        .map(|(site_path, _)| format!("assets{site_path}"))
        .filter(|p| !p.ends_with(".map"))
        .collect();
    files.sort();
    files
}

/// Writes `out/sw.js`.
pub fn write(frontend: &Frontend, bundle: &Bundle, build_id: &str, out: &Path) -> Result<()> {
    let path = frontend.service_worker_template();
    let template = std::fs::read_to_string(&path)
        .with_context(|| format!("reading the service worker template {}", path.display()))?;
    let text = fill(&template, &path, build_id, &precache_list(bundle))?;
    output::write(out, Path::new("sw.js"), text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_the_build_id_and_the_precache_list() {
        let t = "const BUILD = '__DOCSITE_BUILD_ID__';\nconst PRECACHE = ['__DOCSITE_PRECACHE__'];";
        let files = vec!["assets/index-a1.js".to_string(), "assets/index-b2.css".to_string()];
        let text = fill(t, Path::new("sw.js"), "0123abcd", &files).unwrap();
        assert_eq!(
            text,
            "const BUILD = \"0123abcd\";\nconst PRECACHE = [\"assets/index-a1.js\",\"assets/index-b2.css\"];"
        );
    }

    #[test]
    fn a_template_without_its_markers_is_an_error_naming_the_file() {
        let e = fill("const BUILD = 'x';", Path::new("frontend/sw.template.js"), "id", &[]).unwrap_err().to_string();
        assert!(e.contains("frontend/sw.template.js") && e.contains("__DOCSITE_BUILD_ID__"), "{e}");
    }

    #[test]
    fn the_front_ends_template_has_both_markers() {
        let frontend = Frontend::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend"));
        let path = frontend.service_worker_template();
        let template = std::fs::read_to_string(&path).unwrap();
        let text = fill(&template, &path, "id", &["assets/a.js".into()]).unwrap();
        assert!(text.contains("const BUILD = \"id\";") && text.contains("[\"assets/a.js\"]"), "{text}");
    }
}
