//! `proctor generate`, `proctor review` and `proctor exam export`: an exam written from the
//! corpus, its generated questions reviewed, and an exam written out to a file.

use crate::{path_text, progress, show};
use clap::{Args, Subcommand, ValueEnum};
use proctor_api::dto::{
    CandidateStatus, ExamFileFormat, ExamRef, ExportRequest, GenerateRequest, GeneratedExam,
    GeneratedReadingRequest, GenerationQuality, GenerationReport, GeneratorKind, ReviewAction,
    ReviewReport, ReviewRequest,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Which generator writes the questions.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Generator {
    /// Cloze questions from salient sentences, no language model.
    Offline,
    /// A GGUF language model run here (--model NAME, default: the one set-up installs).
    Llm,
    /// An OpenAI-compatible endpoint added with `proctor models add-endpoint` (--model NAME).
    Endpoint,
}

/// `proctor generate`'s arguments.
#[derive(Args)]
#[expect(clippy::struct_excessive_bools, reason = "command-line flags")]
pub(crate) struct GenerateArgs {
    /// The project file.
    #[arg(short, long, env = "PROCTOR_PROJECT")]
    project: PathBuf,
    /// The generator.
    #[arg(long, value_enum, default_value_t = Generator::Offline)]
    generator: Generator,
    /// The language model or endpoint, by the name it was added under.
    #[arg(long)]
    model: Option<String>,
    /// Let a model too small to write questions try anyway.
    #[arg(long)]
    allow_small: bool,
    /// How many questions (with --per-topic: for each topic).
    #[arg(long, default_value_t = 100)]
    count: u32,
    /// Write COUNT questions for every topic instead of sharing them by the topics' size.
    #[arg(long)]
    per_topic: bool,
    /// The exam (default: the newest; a new exam of this name is created).
    #[arg(long)]
    exam: Option<String>,
    /// The seed: the same seed writes the same questions.
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// The share of questions each distractor filter sets aside.
    #[arg(long, default_value_t = 0.05)]
    share: f64,
    /// Aim: at most this share (0 to 1) of the passing questions answered by a keyword lookup;
    /// the last-written lookups above it are set aside.
    #[arg(long)]
    max_lookup: Option<f64>,
    /// The models folder (installed by scripts/install-models.sh).
    #[arg(long, env = "PROCTOR_MODELS")]
    models: Option<PathBuf>,
    /// Use the int8 copy of the embedder (as the corpus was prepared with it).
    #[arg(long)]
    int8: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// `proctor review`'s subcommands.
#[derive(Subcommand)]
pub(crate) enum ReviewCommand {
    /// List the generated questions with their status and the filters' findings.
    List {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Print the queue as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Accept questions into the exam's draft: by number, or every pending one that passed
    /// every filter (--passing).
    Accept(Selection),
    /// Reject questions, with a reason.
    Reject {
        #[command(flatten)]
        selection: Selection,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Put questions back in the queue (out of the draft, if accepted).
    Reinstate(Selection),
    /// Read the generated questions with a reader, with their passages and closed book; with
    /// the language model, its closed-book answers mark the questions that can be guessed.
    Read {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// The reader.
        #[arg(long, value_enum, default_value_t = crate::ReaderArg::LanguageModel)]
        reader: crate::ReaderArg,
        #[command(flatten)]
        local: crate::LocalModelArgs,
        #[command(flatten)]
        user: crate::UserModelArgs,
        /// Print the check as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Which generated questions a review acts on.
#[derive(Args)]
pub(crate) struct Selection {
    /// The project file.
    #[arg(short, long, env = "PROCTOR_PROJECT")]
    project: PathBuf,
    /// The exam (default: the newest).
    #[arg(long)]
    exam: Option<String>,
    /// The questions, by number.
    ids: Vec<u32>,
    /// Every pending question that passed every filter.
    #[arg(long)]
    passing: bool,
}

/// `proctor exam`'s subcommands.
#[derive(Subcommand)]
pub(crate) enum ExamAction {
    /// Write an exam version to a file: CSV, JSON or auto-rag-eval's exam.json.
    Export {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// The version (default: the newest).
        #[arg(long)]
        version: Option<u32>,
        /// The format.
        #[arg(long, value_enum, default_value_t = FileFormat::Csv)]
        format: FileFormat,
        /// The file to write (default: a name from the exam's, in this folder).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// The formats an exam is written in.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum FileFormat {
    /// Comma-separated values.
    Csv,
    /// Proctor's JSON records with provenance.
    Json,
    /// auto-rag-eval's exam.json.
    AutoRagEval,
    /// For vendors to run themselves: ids, stems, choices, an empty answer column; no keys.
    VendorCsv,
    /// The same as JSON Lines.
    VendorJsonl,
}

pub(crate) fn generate(args: GenerateArgs) -> ApiResult<()> {
    if matches!(args.generator, Generator::Endpoint) && args.model.is_none() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            "name the endpoint with --model (see `proctor models list`)",
        ));
    }
    let request = GenerateRequest {
        exam: args.exam,
        generator: match args.generator {
            Generator::Offline => GeneratorKind::Offline,
            Generator::Llm | Generator::Endpoint => GeneratorKind::LanguageModel,
        },
        model: args.model,
        allow_small: args.allow_small,
        count: args.count,
        per_topic: args.per_topic,
        seed: Some(args.seed),
        share: Some(args.share),
        max_lookup: args.max_lookup,
        models: args.models.as_deref().map(path_text),
        int8: args.int8,
    };
    let report = Project::open(&args.project)?.generate(&request, &progress::Bar::new())?;
    show(&report, args.json, generation_report)
}

pub(crate) fn letter(index: usize) -> char {
    u8::try_from(index).map_or('?', |i| char::from(b'A' + i.min(25)))
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn generation_report(r: &GenerationReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Generation {} for exam '{}': {} new questions ({} written before it was stopped).",
        r.generation, r.exam, r.written, r.resumed
    );
    let _ = write!(
        out,
        "The corpus offers {} places to ask about (sentences that make a whole question, or passages for a language model); {} were passed over (too few wrong answers of their kind)",
        r.available, r.skipped
    );
    if r.held_back_blanks > 0 {
        let _ = write!(
            out,
            ", {} fill-the-blank questions held back (at most a fifth of the questions asked for)",
            r.held_back_blanks
        );
    }
    out.push_str(".\n\n");
    out.push_str(&quality(&r.quality));
    out
}

fn quality(q: &GenerationQuality) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Made {}, parsed {}, set aside by a filter {} (duplicates {}), accepted {}, rejected {}, pending {}.",
        q.made, q.parsed, q.flagged_questions, q.duplicates, q.accepted, q.rejected, q.pending
    );
    for t in &q.unparsed {
        let _ = writeln!(out, "  unparsed, {}: {}", t.name, t.count);
    }
    for t in &q.flagged {
        let _ = writeln!(out, "  filter, {}: {}", t.name, t.count);
    }
    let positions: Vec<String> = q
        .key_positions
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} {c}", letter(i)))
        .collect();
    let _ = writeln!(
        out,
        "Keys at {} (χ² p = {}); always the longest choice: {}; always the best position: {}.",
        positions.join(", "),
        q.key_positions_p.map_or("—".into(), |p| format!("{p:.3}")),
        q.longest_choice.map_or("—".into(), percent),
        q.best_position.map_or("—".into(), percent),
    );
    let kept = q.parsed.saturating_sub(q.rejected);
    let share = |n: u32, of: u32| {
        if of == 0 {
            "not measured".to_owned()
        } else {
            format!("{n} of {of} ({})", percent(f64::from(n) / f64::from(of)))
        }
    };
    let _ = writeln!(
        out,
        "Fill the blank: {} of those that pass ({} of all kept); a keyword lookup answers: {}; guessed closed book by the language model: {}{}.",
        share(q.fill_blank_passing, q.passing),
        share(q.fill_blank, kept),
        share(q.lookup, q.lookup_measured),
        share(q.guessable, q.guessable_measured),
        if q.guessable_measured == 0 {
            " (`proctor review read` measures it)"
        } else {
            ""
        }
    );
    for t in &q.topics {
        let _ = writeln!(
            out,
            "  topic {}: {} questions ({} of the questions, {} of the corpus)",
            t.topic,
            t.questions,
            percent(t.share),
            percent(t.corpus_share)
        );
    }
    out
}

fn queue(g: &GeneratedExam) -> String {
    let mut out = String::new();
    for q in &g.questions {
        let status = match q.status {
            CandidateStatus::Unparsed => "unparsed",
            CandidateStatus::Pending => "pending",
            CandidateStatus::Accepted => "accepted",
            CandidateStatus::Rejected => "rejected",
        };
        let text = q
            .stem
            .clone()
            .or_else(|| q.parse_error.clone())
            .unwrap_or_default();
        let _ = writeln!(out, "{:>5}  {status:<8}  {text}", q.id);
        for (i, c) in q.choices.iter().enumerate() {
            let mark = if q.key == u32::try_from(i).ok() {
                '*'
            } else {
                ' '
            };
            let _ = writeln!(out, "         {mark} {}) {c}", letter(i));
        }
        for f in &q.flags {
            let _ = writeln!(out, "         ! {}", f.label);
        }
    }
    out.push('\n');
    out.push_str(&quality(&g.quality));
    out
}

pub(crate) fn review(action: ReviewCommand) -> ApiResult<()> {
    let (selection, action, reason) = match action {
        ReviewCommand::List {
            project,
            exam,
            json,
        } => {
            let generated = Project::open(&project)?.generated(&ExamRef { exam })?;
            return show(&generated, json, queue);
        }
        ReviewCommand::Accept(s) => (s, ReviewAction::Accept, None),
        ReviewCommand::Reject { selection, reason } => {
            (selection, ReviewAction::Reject, Some(reason))
        }
        ReviewCommand::Reinstate(s) => (s, ReviewAction::Reinstate, None),
        ReviewCommand::Read {
            project,
            exam,
            reader,
            local,
            user,
            json,
        } => {
            let mut project = Project::open(&project)?;
            let row = project.read_generated(
                &GeneratedReadingRequest {
                    exam: exam.clone(),
                    reader: reader.into(),
                    models: local.folder(),
                    int8: local.int8,
                    threads: local.threads()?,
                    user_models: user.into(),
                },
                &progress::Bar::new(),
            )?;
            if json {
                return show(&row, true, |_| String::new());
            }
            let generated = project.generated(&ExamRef { exam })?;
            println!(
                "{}: right with the passage {}, closed book {}. {}\n",
                row.name,
                percent(row.with_passage.accuracy),
                percent(row.closed_book.accuracy),
                row.sentence
            );
            print!("{}", proctor_api::visible(&quality(&generated.quality)));
            return Ok(());
        }
    };
    let mut project = Project::open(&selection.project)?;
    let mut ids = selection.ids;
    if selection.passing {
        let generated = project.generated(&ExamRef {
            exam: selection.exam.clone(),
        })?;
        ids.extend(
            generated
                .questions
                .iter()
                .filter(|q| q.status == CandidateStatus::Pending && q.flags.is_empty())
                .map(|q| q.id),
        );
    }
    if ids.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            "name the questions by number, or use --passing",
        ));
    }
    let report: ReviewReport = project.review_generated(&ReviewRequest {
        exam: selection.exam,
        ids,
        action,
        reason,
    })?;
    println!("{}", proctor_api::visible(&report.message));
    Ok(())
}

pub(crate) fn exam(action: ExamAction) -> ApiResult<()> {
    let ExamAction::Export {
        project,
        exam,
        version,
        format,
        output,
    } = action;
    let exported = Project::open(&project)?.export_exam(&ExportRequest {
        exam,
        version,
        format: match format {
            FileFormat::Csv => ExamFileFormat::Csv,
            FileFormat::Json => ExamFileFormat::Json,
            FileFormat::AutoRagEval => ExamFileFormat::AutoRagEval,
            FileFormat::VendorCsv => ExamFileFormat::VendorCsv,
            FileFormat::VendorJsonl => ExamFileFormat::VendorJsonl,
        },
    })?;
    let path = output.unwrap_or_else(|| PathBuf::from(&exported.file_name));
    proctor_api::write_user_file(&path, exported.content.as_bytes())?;
    println!(
        "Wrote {} questions to {}.",
        exported.questions,
        path.display()
    );
    Ok(())
}
