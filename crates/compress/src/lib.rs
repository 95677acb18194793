//! Brotli and gzip of bytes. A build compresses thousands of small files (pages, their data,
//! the search index's fragments), so the settings here are about per-file overhead: which
//! level a file gets is its caller's choice (`site_pipeline::compress` for the site's files).

use anyhow::{Result, anyhow};
use std::cell::RefCell;

/// libdeflate's highest level.
pub const GZIP_HIGHEST: u32 = 12;

/// `data` as brotli at `quality` (0–11), with Google's C library.
pub fn brotli(data: &[u8], quality: u32) -> Result<Vec<u8>> {
    use brotlic::{BrotliEncoderOptions, CompressorWriter, Quality, WindowSize};
    let quality = u8::try_from(quality).ok().and_then(|q| Quality::new(q).ok());
    let window = WindowSize::new(window_bits(data.len()));
    let (Some(quality), Ok(window)) = (quality, window) else { return Err(anyhow!("brotli: no such setting")) };
    let hint = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let encoder = BrotliEncoderOptions::new().quality(quality).window_size(window).size_hint(hint).build()?;
    let mut br = CompressorWriter::with_encoder(encoder, Vec::with_capacity(data.len() / 3));
    std::io::Write::write_all(&mut br, data)?;
    Ok(br.into_inner()?)
}

/// The brotli window: the smallest that holds the file (its size less 16 bytes), but not under
/// 18 bits. The encoder clears its ring buffer for every file, so the default 22 bits (4 MB)
/// cost a page more than compressing it did; under 17 bits the encoder switches to a hasher that
/// was 13 times slower on this site's pages (measured with the `brotli` crate, whose bytes the C
/// library's are at quality 5: 318 pages and their data, quality 5: 22 bits 225 ms, fitted down
/// to 16 bits 2 980 ms, fitted but at least 18 bits 178 ms, the same bytes as 22).
fn window_bits(len: usize) -> u8 {
    let needed = (len + 16).next_power_of_two().trailing_zeros() as u8;
    needed.clamp(18, 22)
}

thread_local! {
    /// One libdeflate compressor per thread and level: each holds about a megabyte of tables,
    /// which a new one per file would map, fault in and unmap again.
    static COMPRESSORS: RefCell<Vec<(u32, libdeflater::Compressor)>> = const { RefCell::new(Vec::new()) };
}

/// `data` as gzip at `level` (libdeflate's 1–12; at 6, on this site's pages, 65 ms against
/// zlib-rs's 80 and 1.6 % smaller). Why the site's files get the levels they do is said where
/// they are chosen (`site_pipeline::compress`, the index's `reuse.rs`).
pub fn gzip(data: &[u8], level: u32) -> Result<Vec<u8>> {
    COMPRESSORS.with_borrow_mut(|compressors| {
        let at = match compressors.iter().position(|(l, _)| *l == level) {
            Some(at) => at,
            None => {
                let lvl =
                    libdeflater::CompressionLvl::new(level as i32).map_err(|e| anyhow!("gzip level {level}: {e:?}"))?;
                compressors.push((level, libdeflater::Compressor::new(lvl)));
                compressors.len() - 1
            }
        };
        let compressor = &mut compressors[at].1;
        let mut gz = vec![0; compressor.gzip_compress_bound(data.len())];
        let len = compressor.gzip_compress(data, &mut gz).map_err(|e| anyhow!("gzip: {e:?}"))?;
        gz.truncate(len);
        Ok(gz)
    })
}

/// `from` as gzip at `level` (zlib's 0–9) into `to`, a piece at a time: for files too large
/// to hold, with their compressed copy, in memory (`llms-full.txt` of a 10 000-page site is
/// 91 MB). zlib-rs, not libdeflate, which compresses only whole buffers.
pub fn gzip_stream(from: &mut impl std::io::Read, to: impl std::io::Write, level: u32) -> std::io::Result<()> {
    let mut gz = flate2::GzBuilder::new().write(to, flate2::Compression::new(level));
    std::io::copy(from, &mut gz)?;
    gz.finish()?.flush()
}

/// Whether `gz` is the gzip of exactly `data` (a kept compressed copy checked before reuse).
pub fn is_gzip_of(gz: &[u8], data: &[u8]) -> bool {
    let mut out = vec![0; data.len()];
    let mut decompressor = libdeflater::Decompressor::new();
    decompressor.gzip_decompress(gz, &mut out).is_ok_and(|len| len == data.len() && out == data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn sample(len: usize) -> Vec<u8> {
        (0..len)
            .flat_map(|i| format!("function f{}(a){{return a*{}+\"x\"}}\n", i % 97, i).into_bytes())
            .take(len)
            .collect()
    }

    #[test]
    fn the_highest_gzip_decompresses_to_the_input_and_beats_level_9() {
        let data = sample(120_000);
        let z = gzip(&data, GZIP_HIGHEST).unwrap();
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&z[..]).read_to_end(&mut back).unwrap();
        assert_eq!(back, data);
        assert!(z.len() < gzip(&data, 9).unwrap().len(), "level 12: {} bytes", z.len());
    }

    #[test]
    fn a_gzip_is_known_for_its_own_data_only() {
        let data = sample(20_000);
        let z = gzip(&data, 6).unwrap();
        assert!(is_gzip_of(&z, &data));
        assert!(!is_gzip_of(&z, &data[1..]), "shorter data");
        let mut longer = data.clone();
        longer.push(b'x');
        assert!(!is_gzip_of(&z, &longer), "longer data");
        let mut other = data.clone();
        other[10_000] ^= 1;
        assert!(!is_gzip_of(&z, &other), "one bit of the data");
        let mut damaged = z.clone();
        let middle = damaged.len() / 2;
        damaged[middle] ^= 0x40;
        assert!(!is_gzip_of(&damaged, &data), "one bit of the gzip");
        assert!(!is_gzip_of(b"garbage", &data));
    }

    #[test]
    fn gzip_levels_on_one_thread_keep_their_own_compressor() {
        let data = sample(50_000);
        let (six, twelve) = (gzip(&data, 6).unwrap(), gzip(&data, GZIP_HIGHEST).unwrap());
        assert_ne!(six, twelve);
        assert_eq!(gzip(&data, 6).unwrap(), six);
        assert!(gzip(&data, 13).is_err());
    }

    #[test]
    fn brotli_windows_fit_the_file_and_every_size_comes_back_whole() {
        assert_eq!(window_bits(0), 18);
        assert_eq!(window_bits(47_000), 18);
        assert_eq!(window_bits(262_128), 18);
        assert_eq!(window_bits(262_129), 19);
        assert_eq!(window_bits(50_000_000), 22);
        assert!(brotli(b"x", 12).is_err(), "quality 12");
        for len in [600, 262_128, 262_129, 300_000] {
            let data = sample(len);
            let mut back = Vec::new();
            brotlic::DecompressorReader::new(&brotli(&data, 5).unwrap()[..]).read_to_end(&mut back).unwrap();
            assert_eq!(back, data, "{len} bytes");
        }
    }
}
