//! The kept form of a page's reading ([`FossickedData`], what Pagefind makes of a page): a
//! compact binary layout, written and read by hand. The readings are most of what the index
//! keeps between builds (about 27 KB a page at 10 000 pages, 18 KB after LZ4). As JSON, writing
//! and reading them took twice as long (0.25 ms each way a page, against 0.12 and 0.14) and
//! about 3 % of a 10 000-page cold build's CPU. Here a number is a LEB128 varint and a string
//! its length and bytes, in the order the fields are declared.
//!
//! A kept entry is an optimisation: [`decode`] gives None for anything it cannot read whole (a
//! truncated or foreign file) and the page is read again. The layout's version is [`VERSION`];
//! the cache's key also holds the engine's, so an entry never outlives the code that wrote it.

use pagefind::api::{FossickedData, FossickedWord, MetaFossickedWord, PageAnchorData, PageFragment, PageFragmentData};
use std::collections::BTreeMap;

/// The first byte of every entry; bump it when the layout changes.
const VERSION: u8 = 1;

/// `data` in the kept layout.
pub fn encode(data: &FossickedData) -> Vec<u8> {
    // Exhaustive on purpose: a field Pagefind adds is a compile error here, not a silent loss.
    let FossickedData {
        url,
        fragment,
        word_data,
        meta_word_data,
        sort,
        has_custom_body,
        force_inclusion,
        has_html_element,
        has_old_bundle_reference,
        has_default_ui_reference,
        language,
    } = data;
    let mut w = Writer(Vec::with_capacity(16 * 1024));
    w.0.push(VERSION);
    w.str(url);
    w.fragment(fragment);
    w.words(word_data.iter(), |w, FossickedWord { position, weight, original_word }| {
        w.num(u64::from(*position));
        w.0.push(*weight);
        w.opt(original_word.as_deref());
    });
    w.words(meta_word_data.iter(), |w, MetaFossickedWord { field_id, position, original_word }| {
        w.num(u64::from(*field_id));
        w.num(u64::from(*position));
        w.opt(original_word.as_deref());
    });
    w.strings(sort);
    for flag in [has_custom_body, force_inclusion, has_html_element, has_old_bundle_reference, has_default_ui_reference]
    {
        w.0.push(u8::from(*flag));
    }
    w.str(language);
    w.0
}

/// What [`encode`] wrote, or None when `bytes` are not a whole entry of this layout.
pub fn decode(bytes: &[u8]) -> Option<FossickedData> {
    let mut r = Reader(bytes);
    (r.byte()? == VERSION).then_some(())?;
    let url = r.string()?;
    let fragment = r.fragment()?;
    let word_data =
        r.words(|r| Some(FossickedWord { position: r.num_as()?, weight: r.byte()?, original_word: r.opt()? }))?;
    let meta_word_data =
        r.words(|r| Some(MetaFossickedWord { field_id: r.num_as()?, position: r.num_as()?, original_word: r.opt()? }))?;
    let sort = r.strings()?;
    let data = FossickedData {
        url,
        fragment,
        word_data,
        meta_word_data,
        sort,
        has_custom_body: r.flag()?,
        force_inclusion: r.flag()?,
        has_html_element: r.flag()?,
        has_old_bundle_reference: r.flag()?,
        has_default_ui_reference: r.flag()?,
        language: r.string()?,
    };
    r.0.is_empty().then_some(data)
}

struct Writer(Vec<u8>);

impl Writer {
    fn num(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.0.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.0.push(n as u8);
    }

    fn str(&mut self, s: &str) {
        self.num(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    /// None as 0, a string as 1 and the string.
    fn opt(&mut self, s: Option<&str>) {
        match s {
            None => self.0.push(0),
            Some(s) => {
                self.0.push(1);
                self.str(s);
            }
        }
    }

    /// A map of words to their uses: its length, then each word, its uses' count and each use.
    fn words<'a, T: 'a>(
        &mut self,
        map: impl ExactSizeIterator<Item = (&'a String, &'a Vec<T>)>,
        mut used: impl FnMut(&mut Self, &T),
    ) {
        self.num(map.len() as u64);
        for (word, uses) in map {
            self.str(word);
            self.num(uses.len() as u64);
            uses.iter().for_each(|u| used(self, u));
        }
    }

    fn strings(&mut self, map: &BTreeMap<String, String>) {
        self.num(map.len() as u64);
        for (k, v) in map {
            self.str(k);
            self.str(v);
        }
    }

    fn fragment(&mut self, f: &PageFragment) {
        let PageFragment { page_number, data } = f;
        let PageFragmentData { url, content, word_count, filters, meta, anchors } = data;
        self.num(*page_number as u64);
        self.str(url);
        self.str(content);
        self.num(*word_count as u64);
        self.num(filters.len() as u64);
        for (name, values) in filters {
            self.str(name);
            self.num(values.len() as u64);
            values.iter().for_each(|v| self.str(v));
        }
        self.strings(meta);
        self.num(anchors.len() as u64);
        for PageAnchorData { element, id, text, title, location } in anchors {
            self.str(element);
            self.str(id);
            self.str(text);
            self.opt(title.as_deref());
            self.num(u64::from(*location));
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    fn num(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f).checked_shl(shift)?;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    fn num_as<T: TryFrom<u64>>(&mut self) -> Option<T> {
        T::try_from(self.num()?).ok()
    }

    /// A count of things still to read: never more than the bytes left (each takes at least
    /// one), so a damaged count cannot make a huge allocation.
    fn len(&mut self) -> Option<usize> {
        let n: usize = self.num_as()?;
        (n <= self.0.len()).then_some(n)
    }

    fn flag(&mut self) -> Option<bool> {
        match self.byte()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn string(&mut self) -> Option<String> {
        let n = self.len()?;
        let (s, rest) = self.0.split_at(n);
        self.0 = rest;
        String::from_utf8(s.to_vec()).ok()
    }

    fn opt(&mut self) -> Option<Option<String>> {
        match self.byte()? {
            0 => Some(None),
            1 => Some(Some(self.string()?)),
            _ => None,
        }
    }

    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.len()?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self)?);
        }
        Some(out)
    }

    /// What [`Writer::words`] wrote, collected into whatever map Pagefind declares (hashbrown's,
    /// not std's).
    fn words<T, M: FromIterator<(String, Vec<T>)>>(
        &mut self,
        mut used: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<M> {
        let n = self.len()?;
        (0..n)
            .map(|_| {
                let word = self.string()?;
                Some((word, self.list(&mut used)?))
            })
            .collect()
    }

    fn strings(&mut self) -> Option<BTreeMap<String, String>> {
        let n = self.len()?;
        let mut map = BTreeMap::new();
        for _ in 0..n {
            let k = self.string()?;
            map.insert(k, self.string()?);
        }
        Some(map)
    }

    fn fragment(&mut self) -> Option<PageFragment> {
        let page_number = self.num_as()?;
        let url = self.string()?;
        let content = self.string()?;
        let word_count = self.num_as()?;
        let n = self.len()?;
        let mut filters = BTreeMap::new();
        for _ in 0..n {
            let name = self.string()?;
            filters.insert(name, self.list(Self::string)?);
        }
        let meta = self.strings()?;
        let anchors = self.list(|r| {
            Some(PageAnchorData {
                element: r.string()?,
                id: r.string()?,
                text: r.string()?,
                title: r.opt()?,
                location: r.num_as()?,
            })
        })?;
        Some(PageFragment { page_number, data: PageFragmentData { url, content, word_count, filters, meta, anchors } })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn word(position: u32, weight: u8, original: Option<&str>) -> FossickedWord {
        FossickedWord { position, weight, original_word: original.map(str::to_owned) }
    }

    /// A reading with every field set, and values at the edges of their types.
    fn reading() -> FossickedData {
        let anchor = |id: &str, title: Option<&str>, location| PageAnchorData {
            element: "h2".into(),
            id: id.into(),
            text: "原子（Atom）".into(),
            title: title.map(str::to_owned),
            location,
        };
        let data = PageFragmentData {
            url: "/docs/api-reference/core/atom".into(),
            content: "atom 是 Recoil 中的状态单元。\n\"引号\" 与 \\ 反斜杠".into(),
            word_count: 1234,
            filters: BTreeMap::from([("section".into(), vec!["API 参考".into(), "".into()])]),
            meta: BTreeMap::from([("title".into(), "atom(options)".into()), ("position".into(), "7".into())]),
            anchors: vec![anchor("options", Some("选项"), 0), anchor("", None, u32::MAX)],
        };
        FossickedData {
            url: data.url.clone(),
            fragment: PageFragment { page_number: usize::MAX, data },
            word_data: [
                ("原子".to_owned(), vec![word(0, 7, None), word(u32::MAX, u8::MAX, Some("Atom"))]),
                ("".to_owned(), vec![]),
            ]
            .into_iter()
            .collect(),
            meta_word_data: [(
                "atom".to_owned(),
                vec![MetaFossickedWord { field_id: u16::MAX, position: 3, original_word: Some("ÀTOM".into()) }],
            )]
            .into_iter()
            .collect(),
            sort: BTreeMap::from([("position".into(), "0007".into())]),
            has_custom_body: true,
            force_inclusion: false,
            has_html_element: true,
            has_old_bundle_reference: false,
            has_default_ui_reference: true,
            language: "zh-hans".into(),
        }
    }

    fn same(a: &FossickedData, b: &FossickedData) -> bool {
        serde_json::to_value(a).unwrap() == serde_json::to_value(b).unwrap()
    }

    #[test]
    fn a_reading_comes_back_whole() {
        let r = reading();
        let back = decode(&encode(&r)).expect("its own entry reads back");
        assert!(same(&r, &back), "{back:?}");
    }

    #[test]
    fn a_cut_or_lengthened_entry_is_not_read() {
        let bytes = encode(&reading());
        for end in 0..bytes.len() {
            assert!(decode(&bytes[..end]).is_none(), "cut at {end} of {}", bytes.len());
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer).is_none());
        let mut other_version = bytes;
        other_version[0] = VERSION + 1;
        assert!(decode(&other_version).is_none());
    }

    proptest! {
        /// Any bytes at all: an answer, never a panic or a huge allocation.
        #[test]
        fn any_bytes_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            let mut entry = vec![VERSION];
            entry.extend_from_slice(&bytes);
            let _ = decode(&entry);
        }

        /// Each byte of a real entry changed: read back or refused, never a panic.
        #[test]
        fn a_changed_byte_is_read_or_refused(at in any::<prop::sample::Index>(), to in any::<u8>()) {
            let mut bytes = encode(&reading());
            let i = at.index(bytes.len());
            bytes[i] = to;
            let _ = decode(&bytes);
        }

        /// Words, positions and strings of any kind come back as they were.
        #[test]
        fn words_of_any_kind_come_back(
            words in proptest::collection::hash_map(".{0,12}", proptest::collection::vec((any::<u32>(), any::<u8>(), proptest::option::of(".{0,6}")), 0..5), 0..20),
            content in ".{0,200}",
        ) {
            let mut r = reading();
            r.fragment.data.content = content;
            r.word_data = words.into_iter().map(|(w, uses)| (w, uses.into_iter().map(|(p, g, o)| word(p, g, o.as_deref())).collect())).collect();
            let back = decode(&encode(&r)).expect("its own entry reads back");
            prop_assert!(same(&r, &back));
        }
    }
}
