//! HTML character references: `&amp;`, `&#x41;`, and the named ones documentation pages use.

/// HTML's named character references that documentation pages use: markup, spaces and dashes,
/// quotes, arrows, mathematics, currency and the accented letters of European languages.
/// ("Extending FTS5 &rarr; requires …" must read "→", not "&rarr;".)
const NAMED_ENTITIES: &[(&str, char)] = &[
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", ' '),
    ("ensp", ' '),
    ("emsp", ' '),
    ("thinsp", ' '),
    ("shy", '\u{ad}'),
    ("zwnj", '\u{200c}'),
    ("zwj", '\u{200d}'),
    ("mdash", '—'),
    ("ndash", '–'),
    ("hellip", '…'),
    ("minus", '−'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("sbquo", '‚'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("bdquo", '„'),
    ("laquo", '«'),
    ("raquo", '»'),
    ("lsaquo", '‹'),
    ("rsaquo", '›'),
    ("rarr", '→'),
    ("larr", '←'),
    ("uarr", '↑'),
    ("darr", '↓'),
    ("harr", '↔'),
    ("rArr", '⇒'),
    ("lArr", '⇐'),
    ("hArr", '⇔'),
    ("crarr", '↵'),
    ("bull", '•'),
    ("middot", '·'),
    ("prime", '′'),
    ("Prime", '″'),
    ("copy", '©'),
    ("reg", '®'),
    ("trade", '™'),
    ("deg", '°'),
    ("plusmn", '±'),
    ("times", '×'),
    ("divide", '÷'),
    ("micro", 'µ'),
    ("para", '¶'),
    ("sect", '§'),
    ("le", '≤'),
    ("ge", '≥'),
    ("ne", '≠'),
    ("asymp", '≈'),
    ("equiv", '≡'),
    ("infin", '∞'),
    ("sum", '∑'),
    ("prod", '∏'),
    ("radic", '√'),
    ("part", '∂'),
    ("nabla", '∇'),
    ("isin", '∈'),
    ("notin", '∉'),
    ("cap", '∩'),
    ("cup", '∪'),
    ("sub", '⊂'),
    ("sup", '⊃'),
    ("and", '∧'),
    ("or", '∨'),
    ("not", '¬'),
    ("forall", '∀'),
    ("exist", '∃'),
    ("empty", '∅'),
    ("lowast", '∗'),
    ("sdot", '⋅'),
    ("frac12", '½'),
    ("frac14", '¼'),
    ("frac34", '¾'),
    ("sup2", '²'),
    ("sup3", '³'),
    ("euro", '€'),
    ("pound", '£'),
    ("yen", '¥'),
    ("cent", '¢'),
    ("curren", '¤'),
    ("iexcl", '¡'),
    ("iquest", '¿'),
    ("dagger", '†'),
    ("Dagger", '‡'),
    ("permil", '‰'),
    ("alpha", 'α'),
    ("beta", 'β'),
    ("gamma", 'γ'),
    ("delta", 'δ'),
    ("epsilon", 'ε'),
    ("lambda", 'λ'),
    ("mu", 'μ'),
    ("pi", 'π'),
    ("sigma", 'σ'),
    ("tau", 'τ'),
    ("phi", 'φ'),
    ("omega", 'ω'),
    ("Delta", 'Δ'),
    ("Sigma", 'Σ'),
    ("Omega", 'Ω'),
    ("szlig", 'ß'),
    ("aelig", 'æ'),
    ("AElig", 'Æ'),
    ("oslash", 'ø'),
    ("Oslash", 'Ø'),
    ("aring", 'å'),
    ("Aring", 'Å'),
    ("ccedil", 'ç'),
    ("Ccedil", 'Ç'),
    ("ntilde", 'ñ'),
    ("Ntilde", 'Ñ'),
    ("eth", 'ð'),
    ("thorn", 'þ'),
    ("aacute", 'á'),
    ("agrave", 'à'),
    ("acirc", 'â'),
    ("atilde", 'ã'),
    ("auml", 'ä'),
    ("eacute", 'é'),
    ("egrave", 'è'),
    ("ecirc", 'ê'),
    ("euml", 'ë'),
    ("iacute", 'í'),
    ("igrave", 'ì'),
    ("icirc", 'î'),
    ("iuml", 'ï'),
    ("oacute", 'ó'),
    ("ograve", 'ò'),
    ("ocirc", 'ô'),
    ("otilde", 'õ'),
    ("ouml", 'ö'),
    ("uacute", 'ú'),
    ("ugrave", 'ù'),
    ("ucirc", 'û'),
    ("uuml", 'ü'),
    ("yacute", 'ý'),
    ("yuml", 'ÿ'),
    ("Aacute", 'Á'),
    ("Agrave", 'À'),
    ("Acirc", 'Â'),
    ("Atilde", 'Ã'),
    ("Auml", 'Ä'),
    ("Eacute", 'É'),
    ("Egrave", 'È'),
    ("Ecirc", 'Ê'),
    ("Euml", 'Ë'),
    ("Iacute", 'Í'),
    ("Oacute", 'Ó'),
    ("Ocirc", 'Ô'),
    ("Ouml", 'Ö'),
    ("Uacute", 'Ú'),
    ("Uuml", 'Ü'),
];

/// The character a named reference stands for, if it is one Proctor knows.
fn named_entity(name: &str) -> Option<char> {
    NAMED_ENTITIES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
}

pub(crate) fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        // An entity is short: look for its ';' among the next few bytes only, so that a long
        // run of '&' without one stays linear (defect 6 of issue 9).
        let semi = after.bytes().take(11).position(|b| b == b';');
        let decoded = semi.and_then(|semi| {
            let entity = &after[..semi];
            let c = match named_entity(entity) {
                Some(c) => Some(c),
                None => entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, semi))
        });
        if let Some((c, semi)) = decoded {
            out.push(c);
            rest = &after[semi + 1..];
        } else {
            out.push('&');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_references_are_the_characters_they_name() {
        assert_eq!(
            decode_entities("Extending FTS5 &rarr; requires &ldquo;x&rdquo; &le; 3&nbsp;&euro;"),
            "Extending FTS5 → requires “x” ≤ 3 €"
        );
        assert_eq!(
            decode_entities("caf&eacute; &amp; &unknown; &#x41;"),
            "café & &unknown; A"
        );
    }
}
