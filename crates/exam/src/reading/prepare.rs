//! A reply made ready to read: bounded in length, without special tokens, cited sources or
//! a restated question, and the answer field of a JSON reply.

/// The most of a reply read: its beginning and its end (where a final answer goes). A longer
/// reply is read by these alone, so reading stays fast on any input.
const READ_CHARS: usize = 8_000;

pub(super) fn bounded(reply: &str) -> std::borrow::Cow<'_, str> {
    let count = reply.chars().count();
    if count <= READ_CHARS {
        return std::borrow::Cow::Borrowed(reply);
    }
    let head: String = reply.chars().take(READ_CHARS * 3 / 8).collect();
    let tail: String = reply.chars().skip(count - READ_CHARS * 5 / 8).collect();
    std::borrow::Cow::Owned(format!("{head}\n…\n{tail}"))
}

/// The reply without a model's special tokens ("<|endoftext|>", "<|im_end|>", "</s>").
pub(super) fn without_special_tokens(reply: &str) -> String {
    // A model's reply ends at its end-of-turn token; what a small model writes after it (a new
    // turn, another question) is not its answer.
    const END_OF_TURN: &[&str] = &[
        "<|eot_id|>",
        "<|im_end|>",
        "<|end|>",
        "<|endoftext|>",
        "<end_of_turn>",
        "</s>",
        "<eos>",
    ];
    let reply = END_OF_TURN
        .iter()
        .filter_map(|t| reply.find(t))
        .filter(|&at| !reply[..at].trim().is_empty())
        .min()
        .map_or(reply, |at| &reply[..at]);
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    while let Some(at) = rest.find("<|") {
        out.push_str(&rest[..at]);
        // A special token is short: look for its end within 40 characters.
        let limit = rest[at..]
            .char_indices()
            .nth(40)
            .map_or(rest.len(), |(i, _)| at + i);
        if let Some(end) = rest[at..limit].find("|>") {
            rest = &rest[at + end + 2..];
        } else {
            out.push_str("<|");
            rest = &rest[at + 2..];
        }
    }
    out.push_str(rest);
    out.replace("</s>", "")
        .replace("<eos>", "")
        .replace("<end_of_turn>", "")
}

/// Whether the reply is an agent's trace that its harness stopped before any answer
/// ("Thought: … Action: … Observation: …" and then "[max_steps=6 reached]", "ERROR: Could not
/// parse LLM output. Stopping.", "<agent terminated: budget exhausted>"): a choice the agent
/// was still checking is no answer.
pub(super) fn stopped_agent(reply: &str) -> bool {
    let lines: Vec<String> = reply
        .lines()
        .map(|l| l.trim().to_ascii_lowercase())
        .filter(|l| !l.is_empty())
        .collect();
    let opens = |prefix: &str| lines.iter().filter(|l| l.starts_with(prefix)).count();
    let Some(last) = lines.last() else {
        return false;
    };
    // ("Final Answer: B", `final_answer("B")`, "Action: Final Answer / Action Input: D",
    // "finish[B]", "the answer is B")
    let answered = lines.iter().any(|l| {
        l.starts_with("answer")
            || [
                "final answer",
                "final_answer",
                "finalanswer",
                "finish[",
                "finish(",
                "action input",
                "answer is",
                "answer:",
            ]
            .iter()
            .any(|p| l.contains(p))
    });
    opens("thought:") >= 1
        && opens("action:") >= 1
        && !answered
        && !["thought:", "action:", "observation:"]
            .iter()
            .any(|p| last.starts_with(p))
}

/// Hungarian's article written for both its forms, "A(z)" and "a(z)" ("a(z) B a helyes
/// válasz"): a word, no letter A.
pub(super) fn spelled_articles(reply: &str) -> std::borrow::Cow<'_, str> {
    if reply.contains("(z)") {
        std::borrow::Cow::Owned(reply.replace("A(z)", "Az").replace("a(z)", "az"))
    } else {
        std::borrow::Cow::Borrowed(reply)
    }
}

/// The reply without HTML markup ("<p>The answer is <b>A</b>.</p>"): a tag's name is no word
/// of it ("<b>" named B). Blocks become lines, inline tags nothing, cells spaces, and the
/// common entities their characters. Only known HTML tags are taken out: "<answer>C</answer>"
/// and "<final>" stay for their own rule.
pub(super) fn without_html(reply: &str) -> std::borrow::Cow<'_, str> {
    const BLOCKS: &[&str] = &[
        "p",
        "div",
        "br",
        "li",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "tr",
        "table",
        "pre",
        "blockquote",
        "hr",
        "form",
        "select",
        "option",
        "section",
        "article",
        "dl",
        "dt",
        "dd",
    ];
    const INLINE: &[&str] = &[
        "b", "strong", "i", "em", "u", "span", "a", "code", "sup", "sub", "mark", "small", "font",
        "ins", "kbd", "cite", "abbr", "tbody", "thead", "label", "input",
    ];
    // Text struck through (`<del>E</del>`) is crossed out, as "~~E~~" is.
    const STRUCK: &[&str] = &["del", "s", "strike"];
    const CELLS: &[&str] = &["td", "th"];
    let tag_at = |rest: &str| -> Option<(usize, &'static str, &'static str)> {
        let inner = rest.strip_prefix('<')?;
        let inner = inner.strip_prefix('/').unwrap_or(inner);
        let name_len = inner
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(inner.len());
        let name = inner[..name_len].to_ascii_lowercase();
        let close = rest.char_indices().take(200).find(|(_, c)| *c == '>')?.0;
        let after_name = inner[name_len..].chars().next()?;
        if !matches!(after_name, '>' | ' ' | '/' | '\n') {
            return None;
        }
        let with = if BLOCKS.contains(&name.as_str()) {
            "\n"
        } else if INLINE.contains(&name.as_str()) {
            ""
        } else if CELLS.contains(&name.as_str()) {
            " "
        } else if STRUCK.contains(&name.as_str()) {
            "~~"
        } else {
            return None;
        };
        // A widget's verdict in its attributes (`<li class="correct">`): a tick or a cross
        // before what the element holds.
        let head = rest.len() - inner.len();
        let attributes = rest[head + name_len..close].to_ascii_lowercase();
        let verdict = if attributes.contains("incorrect") || attributes.contains("wrong") {
            " ❌ "
        } else if ["correct", "selected", "chosen", "right-answer", "checked"]
            .iter()
            .any(|v| attributes.contains(v))
            && !attributes.contains("unchecked")
        {
            " ✅ "
        } else {
            ""
        };
        Some((close + 1, with, verdict))
    };
    if !reply.contains('<')
        || !reply
            .match_indices('<')
            .any(|(at, _)| tag_at(&reply[at..]).is_some())
    {
        return std::borrow::Cow::Borrowed(reply);
    }
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        if let Some((length, with, verdict)) = tag_at(&rest[at..]) {
            out.push_str(with);
            out.push_str(if with == "\n" {
                verdict.trim_start()
            } else {
                verdict
            });
            rest = &rest[at + length..];
        } else {
            out.push('<');
            rest = &rest[at + 1..];
        }
    }
    out.push_str(rest);
    let decoded = [
        ("&nbsp;", " "),
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&amp;", "&"),
    ]
    .iter()
    .fold(out, |text, (entity, with)| text.replace(entity, with));
    std::borrow::Cow::Owned(decoded)
}

/// A reply that is a patch to an answers file ("--- answers.txt\n+++ answers.txt\n@@ -45 +45
/// @@\n-q45=B\n+q45=C", a fenced "```diff" block): the lines it adds are what it answers; the
/// lines it takes out, its headers and its fences are not. (Lines opening with "+" and "-"
/// without a diff's header or fence are pros and cons, not a patch.)
pub(super) fn patched(reply: &str) -> std::borrow::Cow<'_, str> {
    let lines: Vec<&str> = reply.lines().map(str::trim_end).collect();
    let header = lines
        .iter()
        .any(|l| l.starts_with("@@") || l.starts_with("```diff") || l.starts_with("diff --git"))
        || lines.iter().any(|l| l.starts_with("--- "))
            && lines.iter().any(|l| l.starts_with("+++ "));
    let added = |l: &&str| l.starts_with('+') && !l.starts_with("+++");
    let removed = |l: &&str| l.starts_with('-') && !l.starts_with("---");
    if !header || !lines.iter().any(added) || !lines.iter().any(removed) {
        return std::borrow::Cow::Borrowed(reply);
    }
    let kept: Vec<&str> = lines
        .iter()
        .filter(|l| added(l))
        .map(|l| l[1..].trim())
        .collect();
    std::borrow::Cow::Owned(kept.join("\n"))
}

/// The reply without the list of sources a RAG product puts under its answer ("Sources:",
/// "References:", then "[1] …" lines): titles and paths there are not the answer.
pub(super) fn without_sources(reply: &str) -> &str {
    let mut offset = 0;
    for line in reply.split_inclusive('\n') {
        let head = line
            .trim()
            .trim_matches(|c: char| c == '*' || c == '#' || c == '_')
            .trim()
            .to_ascii_lowercase();
        let heading = [
            "sources",
            "source",
            "references",
            "citations",
            "sources used",
        ]
        .iter()
        .any(|h| {
            // "Sources:" alone, or opening a line that lists them ("Sources: handbook.pdf,
            // p. 31; Lecture slides, week 6").
            head == *h
                || head
                    .strip_prefix(h)
                    .is_some_and(|r| r.trim() == ":" || r.starts_with(": "))
        });
        let answer_after = reply[offset..].to_ascii_lowercase().contains("answer");
        if heading && offset > 0 && !answer_after {
            return reply[..offset].trim_end();
        }
        offset += line.len();
    }
    reply
}

/// The reply without the question it opens by restating ("Question: A car is going south …
/// Which direction is it going now?"): the question's words are not the answer.
pub(super) fn without_question(reply: &str) -> &str {
    let head: String = reply
        .chars()
        .take(12)
        .collect::<String>()
        .to_ascii_lowercase();
    let opens = ["question:", "q:", "**question:**", "**question**:"]
        .iter()
        .any(|p| head.starts_with(p));
    if !opens {
        return without_quoted_question(without_question_in_quote(reply));
    }
    // Up to the question's mark, or else its paragraph's end.
    let end = reply
        .find("?\n")
        .map(|at| at + 1)
        .or_else(|| reply.find("\n\n"))
        .unwrap_or(0);
    let rest = reply[end..].trim_start();
    if rest.is_empty() { reply } else { rest }
}

/// The reply without the question it opens by quoting as a block ("> Given the premise, what
/// is the status of the hypothesis \"A influences B\"?\n\nNeutral"): the block's letters are the
/// question's.
fn without_question_in_quote(reply: &str) -> &str {
    if !reply.starts_with('>') {
        return reply;
    }
    let quoted = reply
        .split_inclusive('\n')
        .take_while(|l| l.starts_with('>'))
        .map(str::len)
        .sum::<usize>();
    let asks = reply[..quoted].trim_end().ends_with('?');
    let rest = reply[quoted..].trim_start();
    if asks && !rest.is_empty() {
        rest
    } else {
        reply
    }
}

/// The reply without the question it opens by quoting ("You're asking: \"Let A = … then det(A)
/// is equal…\" — the answer is B."): the quotation's letters are the question's.
fn without_quoted_question(reply: &str) -> &str {
    const RESTATES: &[&str] = &[
        "you're asking",
        "you’re asking",
        "you are asking",
        "you asked",
        "the question asks",
        "the question is",
        "restating the question",
        "restating",
        "restated",
        "to restate",
    ];
    let Some(said) = RESTATES.iter().find(|p| {
        reply
            .get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p))
    }) else {
        return reply;
    };
    let after = &reply[said.len()..];
    let gap = after.len() - after.trim_start_matches([':', ' ']).len();
    let quoted = &after[gap..];
    let Some(open) = quoted.chars().next().filter(|c| matches!(c, '"' | '“')) else {
        return reply;
    };
    let close = if open == '“' { '”' } else { '"' };
    let inside = &quoted[open.len_utf8()..];
    match inside.find(close) {
        Some(end) => {
            let rest = inside[end + close.len_utf8()..].trim_start();
            if rest.is_empty() { reply } else { rest }
        }
        None => reply,
    }
}

/// The reply without the older messages an e-mail quotes under it ("Best, Lena\n\nOn Fri, 8
/// Mar 2024 at 09:52, Marc <…> wrote:\n> What did you put …\n> … I'd say C"): what was
/// written before is not this reply's answer.
pub(super) fn without_quoted_thread(reply: &str) -> &str {
    let mut at = 0;
    for line in reply.split_inclusive('\n') {
        let rest = &reply[at + line.len()..];
        if line.trim_end().ends_with("wrote:") && at > 0 && rest.trim_start().starts_with('>') {
            return reply[..at].trim_end();
        }
        at += line.len();
    }
    reply
}

/// The reply up to a turn a model went on to write itself: a small model that answered and
/// ran on into a question of its own ("Answer: D\n\nQuestion: 1+1 is: … Answer: F", "F\n\n###
/// Instruction: …") answered the first. Only where an answer stands before that line.
pub(super) fn before_next_turn(reply: &str) -> &str {
    const TURNS: &[&str] = &[
        "question:",
        "### instruction",
        "### input",
        "### question",
        "human:",
        "user:",
        "<|user|>",
    ];
    if let Some(last) = last_assistant_turn(reply) {
        return last;
    }
    let mut at = 0;
    // … outside a fenced block ("```yaml\nquestion: …" is a field of the answer).
    let mut fenced = false;
    for line in reply.split_inclusive('\n') {
        let lower = line.trim_start().to_ascii_lowercase();
        if lower.starts_with("```") {
            fenced = !fenced;
        }
        if at > 0
            && !fenced
            && TURNS.iter().any(|t| lower.starts_with(t))
            && !reply[..at].trim().is_empty()
        {
            return reply[..at].trim_end();
        }
        at += line.len();
    }
    reply
}

/// Who speaks a transcript's line, and where the line's words start after the label:
/// "Assistant:", "**AI:**", "Human:", "User:" — and "Q:"/"A:" where the transcript asks with
/// "Q:" (`q_and_a`).
fn speaker(line: &str, q_and_a: bool) -> Option<(bool, usize)> {
    const ASSISTANT: &[&str] = &["assistant", "ai", "bot", "chatbot", "model"];
    const USER: &[&str] = &["user", "human", "customer"];
    let trimmed = line.trim_start();
    let bold = trimmed.len() - trimmed.trim_start_matches('*').len();
    let rest = &trimmed[bold..];
    let colon = rest.find(':').filter(|&c| c <= 12)?;
    let label = rest[..colon].trim_end_matches('*').to_ascii_lowercase();
    let assistant = ASSISTANT.contains(&label.as_str()) || q_and_a && label == "a";
    let user = USER.contains(&label.as_str()) || q_and_a && label == "q";
    let after = &rest[colon + 1..];
    let words_at = line.len() - after.trim_start_matches('*').len();
    (assistant || user).then_some((assistant, words_at))
}

/// A transcript of turns ("Assistant: The answer is B.\nUser: Are you sure?\nAssistant: … The
/// correct answer is D.", "Human: …?\nAI: C. …\nHuman: Are you sure?\nAI: … B"): its last
/// assistant turn answers — up to a user's turn after it.
fn last_assistant_turn(reply: &str) -> Option<&str> {
    // (Its question may have been taken off already: any line asking with "Q:".)
    let q_and_a = reply.split('\n').any(|line| {
        line.trim_start()
            .get(..2)
            .is_some_and(|head| head.eq_ignore_ascii_case("q:"))
    });
    let mut at = 0;
    let (mut last, mut end) = (None, reply.len());
    for line in reply.split_inclusive('\n') {
        match speaker(line, q_and_a) {
            Some((true, from)) => (last, end) = (Some(at + from), reply.len()),
            Some((false, _)) if last.is_some() && end == reply.len() => end = at,
            _ => {}
        }
        at += line.len();
    }
    // (A transcript opens with a turn: a reply that answers first and runs on into turns of
    // its own answered first.)
    let opens = speaker(reply.trim_start(), q_and_a).is_some();
    last.filter(|_| opens)
        .map(|from| reply[from..end.max(from)].trim())
        .filter(|turn| !turn.is_empty())
}

/// What a reply that is a JSON object (bare or in a ```json fence) answers: its answer field,
/// and what the object says beside it of the same answer — the choice's text
/// (`"answer_text"`) or its place counted from a stated base (`"choice_index": 1,
/// "index_base": 1`) — which must agree with it.
pub(super) struct JsonAnswer {
    /// The answer field's text.
    pub answer: String,
    /// The answer's text, where the object gives it.
    pub text: Option<String>,
    /// The answer's place counted from 0, where the object gives an index and its base.
    pub index: Option<usize>,
}

/// The JSON object a reply is, if it is one (a JSON object inside much prose is an example,
/// not the reply).
pub(super) fn json_object(reply: &str) -> Option<serde_json::Map<String, serde_json::Value>> {
    let body = reply
        .trim()
        .trim_start_matches("```json")
        .trim_start_matches("```JSON")
        .trim_start_matches("```")
        .trim_end_matches("```")
        .trim();
    let start = body.find('{')?;
    let end = body.rfind('}')?;
    if end < start {
        return None;
    }
    if start > 0 && !body[..start].trim().is_empty() && body.len() > 2 * (end - start + 1) {
        return None;
    }
    match serde_json::from_str(&body[start..=end]).ok()? {
        serde_json::Value::Object(object) => Some(object),
        _ => None,
    }
}

/// The answer of a reply that is a JSON object, if it has an answer field.
pub(super) fn json_answer(reply: &str) -> Option<JsonAnswer> {
    answer_field(&json_object(reply)?, 3)
}

/// The answer field of a JSON object, or of an object inside it (`{"result": {"choice": "D",
/// …}}`), `depth` levels down at most; the outer object's own field first.
fn answer_field(
    object: &serde_json::Map<String, serde_json::Value>,
    depth: usize,
) -> Option<JsonAnswer> {
    const KEYS: &[&str] = &[
        "answer",
        "final_answer",
        "finalanswer",
        "final answer",
        "choice",
        "option",
        "letter",
        "selected",
        "selection",
        "selected_option",
        "prediction",
        "predicted",
        "predicted_label",
        "label",
        "top",
        "response",
        "result",
        "answers",
    ];
    let field = |name: &str| {
        object
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    };
    for key in KEYS {
        let answer = match field(key) {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Null) => String::new(),
            // A list of answers (`"answers": ["C", "B"]`) gives each: several are no one.
            Some(serde_json::Value::Array(items))
                if !items.is_empty() && items.iter().all(serde_json::Value::is_string) =>
            {
                items
                    .iter()
                    .filter_map(serde_json::Value::as_str)
                    .collect::<Vec<_>>()
                    .join(" and ")
            }
            _ => continue,
        };
        let text = [format!("{key}_text"), "text".to_owned()]
            .iter()
            .find_map(|name| field(name).and_then(serde_json::Value::as_str))
            .map(str::to_owned);
        // An index means a place only with its base said ("index_base": 0 or 1).
        let base = field("index_base").and_then(serde_json::Value::as_u64);
        let index = [format!("{key}_index"), "index".to_owned()]
            .iter()
            .find_map(|name| field(name).and_then(serde_json::Value::as_u64))
            .zip(base)
            .and_then(|(index, base)| index.checked_sub(base))
            .and_then(|place| usize::try_from(place).ok());
        return Some(JsonAnswer {
            answer,
            text,
            index,
        });
    }
    // A completion's text that is one letter (`{"text": " A", "logprobs": …}`) is its answer.
    if let Some(serde_json::Value::String(s)) = field("text")
        && s.trim().len() == 1
        && s.trim().chars().all(|c| c.is_ascii_alphabetic())
    {
        return Some(JsonAnswer {
            answer: s.trim().to_owned(),
            text: None,
            index: None,
        });
    }
    if depth == 0 {
        return None;
    }
    object
        .values()
        .filter_map(serde_json::Value::as_object)
        .find_map(|inner| answer_field(inner, depth - 1))
}
