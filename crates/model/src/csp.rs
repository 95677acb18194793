//! The Content-Security-Policy of the built site: exactly what the pages use. Inline scripts
//! of the HTML template are allowed by their SHA-256 hash; Pagefind needs WebAssembly; an
//! analytics script or a hosted search service adds its origin. Written to `build/.csp` for
//! the server (and for anyone deploying elsewhere).

use sha2::{Digest, Sha256};
use site_schema::{SearchSettings, SiteData};

fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Contents of every `<script>` without `src` in the template.
fn inline_scripts(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find("<script") {
        let after = &rest[i..];
        let Some(gt) = after.find('>') else { break };
        let tag = &after[..gt];
        let body_start = gt + 1;
        let Some(end) = after[body_start..].find("</script>") else { break };
        if !tag.contains("src=") && !tag.contains("application/json") {
            out.push(&after[body_start..body_start + end]);
        }
        rest = &after[body_start + end..];
    }
    out
}

fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next()?;
    Some(format!("{scheme}://{host}"))
}

pub fn policy(template: &str, site: &SiteData) -> String {
    let mut script = vec!["'self'".to_string()];
    for s in inline_scripts(template) {
        script.push(format!("'sha256-{}'", base64(&Sha256::digest(s.as_bytes()))));
    }
    script.push("'wasm-unsafe-eval'".into());
    if let Some(o) = site.analytics.as_ref().and_then(|a| origin(&a.script_url)) {
        script.push(o);
    }
    let mut connect = vec!["'self'".to_string()];
    if let SearchSettings::Hosted { host, .. } = &site.search
        && let Some(o) = origin(host)
    {
        connect.push(o);
    }
    if let Some(o) = site.analytics.as_ref().and_then(|a| origin(&a.script_url)) {
        connect.push(o);
    }
    format!(
        "default-src 'self'; script-src {}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src {}; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        script.join(" "),
        connect.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn policy_allows_exactly_the_configured_hosts() {
        let mut site: SiteData = serde_json::from_str(include_str!("../../../fixtures/site-data.json")).unwrap();
        let p = policy("<script>x()</script>", &site);
        assert!(p.contains("script-src 'self' 'sha256-"), "{p}");
        assert!(p.contains("connect-src 'self';"), "{p}");
        assert!(!p.contains("https://"), "{p}");
        site.analytics = Some(site_schema::Analytics { script_url: "https://stats.example.com/s.js".into() });
        site.search = SearchSettings::Hosted {
            app_id: "A".into(),
            index_name: "i".into(),
            api_key: "k".into(),
            host: "https://a-dsn.example.net".into(),
            facet_filters: vec![],
            external_url_regex: None,
        };
        let p = policy("", &site);
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval' https://stats.example.com;"), "{p}");
        assert!(p.contains("connect-src 'self' https://a-dsn.example.net https://stats.example.com;"), "{p}");
    }

    #[test]
    fn finds_inline_scripts_only() {
        let t = r#"<script>a()</script><script type="module" src="/x.js"></script><script id="d" type="application/json">{}</script><script>b()</script>"#;
        assert_eq!(inline_scripts(t), vec!["a()", "b()"]);
    }
}
