//! The public API against the real font (frontend/node_modules, installed by `npm ci` in
//! frontend/) and the site's logo.

use std::fs;
use std::path::{Path, PathBuf};

use site_cards::{CardLayout, CardText, FontFiles, HEIGHT, LineBox, Renderer, TITLE_MAX_LINES, WIDTH, render_missing};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fonts() -> FontFiles {
    FontFiles::in_node_modules(&root().join("frontend/node_modules"))
}

fn logo() -> Vec<u8> {
    fs::read(root().join("static/img/logo.svg")).expect("static/img/logo.svg")
}

fn renderer() -> Renderer {
    Renderer::new(&fonts(), &logo()).expect("the fonts are installed: run npm ci in frontend/")
}

fn card(title: &str, section: Option<&str>) -> CardText {
    CardText { title: title.into(), section: section.map(Into::into), site_name: "Recoil 中文文档".into() }
}

/// Decodes a PNG into (width, height, RGBA pixels).
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let frame = reader.next_frame(&mut pixels).expect("PNG image data");
    assert_eq!(frame.color_type, png::ColorType::Rgba);
    pixels.truncate(frame.buffer_size());
    (frame.width, frame.height, pixels)
}

fn size_of(png_bytes: &[u8]) -> (u32, u32) {
    let (width, height, _) = decode(png_bytes);
    (width, height)
}

#[test]
fn a_card_is_an_opaque_1200_by_630_png_with_the_title_drawn_in_white() {
    let renderer = renderer();
    let text = card("原子（atom）", Some("核心概念"));
    let (width, height, pixels) = decode(&renderer.render(&text).unwrap());
    assert_eq!((width, height), (1200, 630));
    assert_eq!((WIDTH, HEIGHT), (1200, 630));
    assert!(pixels.chunks_exact(4).all(|p| p[3] == 255), "every pixel is opaque");
    let title = renderer.layout(&text).unwrap().title[0];
    let white_in_title = count_white(&pixels, width, title);
    assert!(white_in_title > 2000, "the title's box holds {white_in_title} white pixels");
    let white_above = count_white(&pixels, width, LineBox { y: 0.0, height: 60.0, ..title });
    assert_eq!(white_above, 0, "no white above the section");
}

fn count_white(pixels: &[u8], width: u32, area: LineBox) -> usize {
    let mut count = 0;
    for y in area.y as u32..(area.y + area.height) as u32 {
        for x in area.x as u32..(area.x + area.width) as u32 {
            let i = ((y * width + x) * 4) as usize;
            count += usize::from(pixels[i..i + 3].iter().all(|&c| c > 240));
        }
    }
    count
}

#[test]
fn the_key_changes_with_each_input_and_only_then() {
    let renderer = renderer();
    let base = card("原子（atom）", Some("核心概念"));
    let key = renderer.key(&base);
    assert_eq!(key, renderer.key(&base.clone()));
    assert_eq!(key, self::renderer().key(&base), "a new renderer over the same files gives the same key");
    let others = [
        card("原子（Atom）", Some("核心概念")),
        card("原子（atom）", Some("核心概念 ")),
        card("原子（atom）", None),
        CardText { site_name: "Recoil 文档".into(), ..base.clone() },
    ];
    for other in &others {
        assert_ne!(renderer.key(other), key, "{other:?}");
    }

    let other_logo = logo().into_iter().map(|b| if b == b'5' { b'6' } else { b }).collect::<Vec<_>>();
    let with_other_logo = Renderer::new(&fonts(), &other_logo).unwrap();
    assert_ne!(with_other_logo.key(&base), key, "the logo is part of the key");

    let node_modules = root().join("frontend/node_modules").join(site_cards::FONT_PACKAGE);
    let medium = FontFiles { bold: node_modules.join("500Medium/NotoSansSC_500Medium.ttf"), ..fonts() };
    let with_other_font = Renderer::new(&medium, &logo()).unwrap();
    assert_ne!(with_other_font.key(&base), key, "the font is part of the key");
}

#[test]
fn hostile_titles_render_and_every_line_stays_inside_the_card() {
    let renderer = renderer();
    let long_name = "useRecoilStateLoadableWithAVeryLongNameThatNeverEnds".repeat(6);
    let titles = [
        "<RecoilRoot> & <Suspense>".to_string(),
        "a < b && c > d &amp; &lt;".to_string(),
        "🎉 Recoil 0.7 发布 🚀👨‍👩‍👧".to_string(),
        "🎉🎉🎉".to_string(),
        String::new(),
        "x".repeat(500),
        long_name.clone(),
        format!("{long_name}：{}", "很长的中文标题".repeat(20)),
        "第一行\n第二行\t\u{0}\u{202E}反向".to_string(),
    ];
    for title in &titles {
        let text = card(title, Some(&format!("API 参考 › {long_name}")));
        let png = renderer.render(&text).unwrap_or_else(|e| panic!("{title:?}: {e:#}"));
        assert_eq!(size_of(&png), (1200, 630));
        let layout = renderer.layout(&text).unwrap();
        assert!(layout.title.len() <= TITLE_MAX_LINES, "{title:?}: {} lines", layout.title.len());
        for line in all_lines(&layout) {
            assert!(line.x >= 80.0 && line.x + line.width <= 1200.0 - 80.0 + 0.01, "{title:?}: {line:?} overflows");
            assert!(line.y >= 0.0 && line.y + line.height <= 630.0, "{title:?}: {line:?} overflows");
        }
    }
}

#[test]
fn a_title_too_long_for_three_lines_ends_in_an_ellipsis() {
    let renderer = renderer();
    let layout = renderer.layout(&card(&"原子与选择器的状态".repeat(12), None)).unwrap();
    assert!(layout.title_truncated);
    assert_eq!(layout.title.len(), TITLE_MAX_LINES);
    assert_eq!(layout.title_size, *site_cards::TITLE_SIZES.last().unwrap());
    let short = renderer.layout(&card("原子", None)).unwrap();
    assert!(!short.title_truncated);
    assert_eq!(short.title_size, site_cards::TITLE_SIZES[0]);
}

#[test]
fn title_lines_do_not_overlap_the_section_or_the_site_name() {
    let renderer = renderer();
    let text = card("useRecoilBridgeAcrossReactRoots_UNSTABLE()：跨 React 根共享状态", Some("API 参考 › Core"));
    let layout = renderer.layout(&text).unwrap();
    let section = layout.section.unwrap();
    let (first, last) = (layout.title[0], *layout.title.last().unwrap());
    assert!(section.y + section.height <= first.y, "{section:?} above {first:?}");
    assert!(last.y + last.height <= layout.site_name.y, "{last:?} above {:?}", layout.site_name);
}

fn all_lines(layout: &CardLayout) -> Vec<LineBox> {
    layout.title.iter().copied().chain(layout.section).chain([layout.site_name]).collect()
}

#[test]
fn the_parallel_renderer_draws_each_missing_card_once_and_skips_cached_ones() {
    let renderer = renderer();
    let dir = tempfile::tempdir().unwrap();
    let cards = [
        card("原子", Some("核心概念")),
        card("选择器", Some("核心概念")),
        card("原子", Some("核心概念")),
        card("Recoil 0.7.6 发布", Some("博客")),
        card("<RecoilRoot>", Some("API 参考 › Core")),
    ];
    // A file an earlier build left: its content must not be touched.
    let cached = dir.path().join(format!("{}.png", renderer.key(&cards[1])));
    fs::write(&cached, b"from an earlier build").unwrap();

    let batch = render_missing(&renderer, &cards, dir.path()).unwrap();
    assert_eq!(batch.keys, cards.iter().map(|c| renderer.key(c)).collect::<Vec<_>>());
    assert_eq!((batch.rendered, batch.reused), (3, 1), "4 distinct cards, 1 cached");
    assert_eq!(fs::read(&cached).unwrap(), b"from an earlier build");
    for key in [&batch.keys[0], &batch.keys[3], &batch.keys[4]] {
        let png = fs::read(dir.path().join(format!("{key}.png"))).unwrap();
        assert_eq!(size_of(&png), (1200, 630));
    }
    let names: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 4, "no temporary file is left: {names:?}");

    let again = render_missing(&renderer, &cards, dir.path()).unwrap();
    assert_eq!((again.rendered, again.reused), (0, 4));
    assert_eq!(again.keys, batch.keys);
}

#[test]
fn a_missing_font_says_to_run_npm_ci() {
    let fonts = FontFiles::in_node_modules(Path::new("/nonexistent/node_modules"));
    let error = format!("{:#}", Renderer::new(&fonts, &logo()).err().unwrap());
    assert!(error.contains("NotoSansSC_700Bold.ttf") && error.contains("npm ci"), "{error}");
}

#[test]
fn a_logo_that_is_not_svg_is_refused() {
    let error = format!("{:#}", Renderer::new(&fonts(), b"not svg").err().unwrap());
    assert!(error.contains("logo"), "{error}");
}

/// Glyphs are drawn once and reused, and cards are drawn on reused copies of the background: a
/// card is the same whether it is the renderer's first or follows others (a cold build and an
/// edit's build write the same files), with or without the section's bar, on one line or three.
#[test]
fn a_card_is_the_same_whatever_cards_the_renderer_drew_before() {
    let cards = [
        card("原子（atom）与选择器", Some("核心概念")),
        card("一个很长的标题：选择器（selector）与原子在并发渲染中怎样保持一致，以及为什么", None),
        card("atom selector 原子 选择器 核心概念", Some("API 参考 › Core")),
        // Another site's name: drawn on a backdrop of its own.
        CardText { site_name: "另一个站点".into(), ..card("原子（atom）与选择器", Some("核心概念")) },
    ];
    let fresh: Vec<Vec<u8>> = cards.iter().map(|c| renderer().render(c).unwrap()).collect();
    let warm = renderer();
    for (i, c) in cards.iter().chain(&cards).enumerate() {
        assert!(warm.render(c).unwrap() == fresh[i % cards.len()], "card {i} differs after the ones before it");
    }
    // The two names show: the cards differ only in the site name's rows.
    let (_, _, one) = decode(&fresh[0]);
    let (_, _, other) = decode(&fresh[3]);
    let name = warm.layout(&cards[0]).unwrap().site_name;
    let row = WIDTH as usize * 4;
    let rows = |pixels: &[u8], from: usize, to: usize| pixels[from * row..to * row].to_vec();
    let (top, bottom) = (name.y.floor() as usize - 2, (name.y + name.height).ceil() as usize + 2);
    assert_eq!(rows(&one, 0, top), rows(&other, 0, top));
    assert_ne!(rows(&one, top, bottom), rows(&other, top, bottom));
    assert_eq!(rows(&one, bottom, HEIGHT as usize), rows(&other, bottom, HEIGHT as usize));
}
