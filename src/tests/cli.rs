//! The command line on the fixture site: `check` passes, and fails with a non-zero exit status
//! and a message naming file and field when the configuration or content is broken.

use site_testkit::{fixture, fixture_copy as copy_fixture};
use std::process::Command;

fn docsite(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn check_passes_on_the_fixture() {
    let (ok, err) = docsite(&["--root", fixture().to_str().unwrap(), "check"]);
    assert!(ok, "{err}");
    assert!(err.contains("check passed: 30 pages, 0 warning(s)"), "{err}");
}

#[test]
fn check_fails_with_the_file_and_field() {
    let d = copy_fixture();
    let config = d.path().join("site.toml");
    let text = std::fs::read_to_string(&config).unwrap().replace("base_url = \"/\"", "base_url = \"zh\"");
    std::fs::write(&config, text).unwrap();
    let (ok, err) = docsite(&["--root", d.path().to_str().unwrap(), "check"]);
    assert!(!ok);
    assert!(
        err.contains("error: site.toml:")
            && err.contains("site.base_url: expected a path that starts and ends with `/`"),
        "{err}"
    );
}

#[test]
fn check_fails_on_content_errors() {
    let d = copy_fixture();
    let doc = d.path().join("content/docs/guide/b.md");
    let text = std::fs::read_to_string(&doc).unwrap() + "\n[坏](/nowhere)\n\n<Nope />\n";
    std::fs::write(&doc, text).unwrap();
    let (ok, err) = docsite(&["--root", d.path().to_str().unwrap(), "check"]);
    assert!(!ok);
    assert!(err.contains("content/docs/guide/b.md:12: unknown component `<Nope />`"), "{err}");
}

#[test]
fn an_unknown_command_is_refused_with_help() {
    let (ok, err) = docsite(&["publish"]);
    assert!(!ok);
    assert!(err.contains("unrecognized subcommand"), "{err}");
}

#[test]
fn a_base_url_without_slashes_is_refused_before_building() {
    let out = tempfile::tempdir().unwrap();
    let fixture = fixture();
    let args =
        ["--root", fixture.to_str().unwrap(), "build", "--base-url", "repo", "--out", out.path().to_str().unwrap()];
    let (ok, err) = docsite(&args);
    assert!(!ok);
    assert!(
        err.contains("--base-url: expected a path that starts and ends with `/` (such as `/` or `/zh/`), found `repo`"),
        "{err}"
    );
    assert!(!out.path().join("index.html").exists());
}

#[test]
fn check_refuses_options_that_mean_nothing_to_it() {
    let (ok, err) = docsite(&["check", "--port", "3000"]);
    assert!(!ok);
    assert!(err.contains("unexpected argument '--port'"), "{err}");
}

#[test]
fn dev_names_a_taken_port_before_building_anything() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let site = copy_fixture();
    let (ok, err) = docsite(&["--root", site.path().to_str().unwrap(), "dev", "--port", &port]);
    assert!(!ok);
    assert!(err.contains(&format!("port {port} is already in use")), "{err}");
    assert!(!err.contains("building") && !site.path().join("build").exists(), "it built before binding: {err}");
}
