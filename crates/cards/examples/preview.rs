//! Renders sample cards to target/cards-preview/, each also shown at chat size over a white and
//! a near-black page, for looking at the design:
//!   cargo run -p site-cards --release --example preview

use std::fs;
use std::path::Path;

use anyhow::{Context, Result};
use resvg::tiny_skia::{Color, FilterQuality, Pixmap, PixmapPaint, Transform};
use site_cards::{CardText, FontFiles, Renderer};

const SAMPLES: [(&str, &str, Option<&str>); 9] = [
    ("short", "原子（atom）", Some("核心概念")),
    ("long-api", "useRecoilBridgeAcrossReactRoots_UNSTABLE()：跨 React 根共享状态", Some("API 参考 › Core")),
    ("long-chinese", "useRecoilTransactionObserver_UNSTABLE(callback)：观察每一次状态变化", Some("API 参考 › Core")),
    ("recoil-root", "<RecoilRoot>：为 Recoil 状态提供上下文 & 存储", Some("API 参考 › Core")),
    ("blog", "Recoil 0.7.6 发布", Some("博客")),
    ("state", "useRecoilState(state)：读写原子或选择器", Some("API 参考 › State")),
    ("sync", "urlSyncEffect(options)：带历史记录选项的 URL 同步", Some("Recoil Sync")),
    (
        "truncated",
        "一个非常非常长的标题：它说明了为什么在并发渲染、服务端渲染和测试环境中，原子与选择器的状态必须由同一个 <RecoilRoot> 提供，否则组件读到的值会彼此不一致，而且很难排查",
        None,
    ),
    ("emoji", "🎉 Recoil & Refine 🚀 一起发布 <Test/>", Some("博客")),
];

fn main() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let fonts = FontFiles::in_node_modules(&root.join("frontend/node_modules"));
    let logo = fs::read(root.join("static/img/logo.svg")).context("reading static/img/logo.svg")?;
    let renderer = Renderer::new(&fonts, &logo)?;
    let out = root.join("target/cards-preview");
    fs::create_dir_all(&out)?;
    for (name, title, section) in SAMPLES {
        let text =
            CardText { title: title.into(), section: section.map(Into::into), site_name: "Recoil 中文文档".into() };
        let png = renderer.render(&text)?;
        fs::write(out.join(format!("{name}.png")), &png)?;
        let card = Pixmap::decode_png(&png)?;
        for (page, color) in [("on-white", Color::WHITE), ("on-black", Color::from_rgba8(0x12, 0x12, 0x14, 255))] {
            fs::write(out.join(format!("{name}-{page}.png")), in_chat(&card, color).encode_png()?)?;
        }
        println!("{name}: {:?}", renderer.layout(&text));
    }
    println!("wrote {}", out.canonicalize()?.display());
    Ok(())
}

/// The card at half size with a margin around it, as a chat app's link preview shows it.
fn in_chat(card: &Pixmap, page: Color) -> Pixmap {
    let mut canvas = Pixmap::new(card.width() / 2 + 80, card.height() / 2 + 80).expect("a positive size");
    canvas.fill(page);
    let paint = PixmapPaint { quality: FilterQuality::Bicubic, ..PixmapPaint::default() };
    canvas.draw_pixmap(0, 0, card.as_ref(), &paint, Transform::from_scale(0.5, 0.5).post_translate(40.0, 40.0), None);
    canvas
}
