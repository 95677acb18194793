//! Attributes of the JSX-like tags the container pass understands:
//! `name="value"`, `name='value'`, `name={"value"}`, `name={true}` and bare `name`.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrValue {
    Str(String),
    Bool(bool),
}

/// Parses the attribute list of a tag (the text between the name and `>` or `/>`).
pub fn parse(mut s: &str) -> Result<Vec<(String, AttrValue)>, String> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(out);
        }
        let name_len = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(s.len());
        if name_len == 0 {
            return Err(format!("unexpected `{}` in tag attributes", s.chars().next().unwrap_or(' ')));
        }
        let name = s[..name_len].to_string();
        s = s[name_len..].trim_start();
        let Some(rest) = s.strip_prefix('=') else {
            out.push((name, AttrValue::Bool(true)));
            continue;
        };
        s = rest.trim_start();
        let (value, rest) = if let Some(inner) = s.strip_prefix('{') {
            let end = inner.find('}').ok_or_else(|| format!("attribute `{name}`: missing `}}`"))?;
            let expr = inner[..end].trim();
            let value = match expr {
                "true" => AttrValue::Bool(true),
                "false" => AttrValue::Bool(false),
                _ => match quoted(expr) {
                    Some((v, "")) => AttrValue::Str(v),
                    _ => {
                        return Err(format!(
                            "attribute `{name}`: only string and boolean values are supported, found `{{{expr}}}`"
                        ));
                    }
                },
            };
            (value, &inner[end + 1..])
        } else {
            let (v, rest) = quoted(s).ok_or_else(|| format!("attribute `{name}`: expected a quoted value"))?;
            (AttrValue::Str(v), rest)
        };
        out.push((name, value));
        s = rest;
    }
}

fn quoted(s: &str) -> Option<(String, &str)> {
    let q = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let end = s[1..].find(q)? + 1;
    Some((s[1..end].to_string(), &s[end + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let a = parse(r#"value="npm" label='npm 包' default groupId={"pm"} open={false}"#).unwrap();
        assert_eq!(
            a,
            vec![
                ("value".into(), AttrValue::Str("npm".into())),
                ("label".into(), AttrValue::Str("npm 包".into())),
                ("default".into(), AttrValue::Bool(true)),
                ("groupId".into(), AttrValue::Str("pm".into())),
                ("open".into(), AttrValue::Bool(false)),
            ]
        );
    }

    #[test]
    fn errors() {
        assert!(parse("a=").is_err());
        assert!(parse("a={1+2}").is_err());
        assert!(parse("a=\"x").is_err());
        assert!(parse("=x").is_err());
    }
}
