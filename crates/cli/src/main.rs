//! `proctor`: judge RAG systems with exams, from the command line.
//!
//! Every subcommand is an adapter of a few lines over the `proctor-api` facade; the text tables
//! live in [`text`]. Errors print as `error: <message>` and exit with status 1.

mod dispatch;
mod generate;
mod irt;
mod irt_file;
mod keychain;
mod models;
mod papers;
mod parse;
mod progress;
mod readers;
mod replies;
mod text;
mod vendors;

use clap::{Parser, Subcommand, ValueEnum};
use parse::{parse_factor, parse_kind, parse_section};
use proctor_api::dto::{
    Factor, GridRequest, ImportKind, ReaderKind, ReportSection, Retriever, UserModelChoice,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "proctor",
    version,
    about = "Judge RAG systems with exams, on your own machine."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create a new, empty project file.
    Init {
        /// The project file to create (".proctor" is added when there is no extension).
        path: PathBuf,
    },
    /// Import documents, an exam, answers, articles or reader outcomes into a project.
    Import {
        /// What the file holds: documents, exam, answers, articles, reader-outcomes,
        /// gold-articles or gold-outcomes.
        #[arg(value_parser = parse_kind)]
        kind: ImportKind,
        /// The file (or, for documents, a folder whose sub-folders are topics).
        file: PathBuf,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The system the answers, articles or outcomes belong to (default: the file name).
        #[arg(long)]
        system: Option<String>,
        /// The exam: the name of a new exam, or the exam the answers are for (default: newest).
        #[arg(long)]
        exam: Option<String>,
        /// For documents: one topic for all of them (default: the sub-folder's name).
        #[arg(long)]
        topic: Option<String>,
        /// A factor tag of the system, as name=level (repeatable), e.g. --factor retriever=bm25.
        #[arg(long = "factor", value_parser = parse_factor)]
        factors: Vec<Factor>,
        /// Replace the system's earlier answers on this exam.
        #[arg(long)]
        replace: bool,
        /// Answers: the file holds free answers given without the choices (open answers); the
        /// local lexical reader answers each question from its free answer.
        #[arg(long)]
        open: bool,
        /// Answers: a language model you added and checked (proctor models check-replies) to
        /// read the replies the rules leave unsure; without it they need a look.
        #[arg(long, value_name = "MODEL")]
        reply_model: Option<String>,
        /// Documents: keep the lines repeated on most pages (navigation, menus, headers,
        /// footers), which are otherwise set aside.
        #[arg(long)]
        keep_furniture: bool,
        /// Print the import report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Grade the systems on an exam: leaderboard, EXAM scores, topics, Bloom levels, types.
    Grade {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Instead of the leaderboard: the EXAM-mode systems by EXAM beside ROUGE-1 against the
        /// gold articles, with both ranks and their agreement (Sander & Dietz's Table 4).
        #[arg(long)]
        rouge: bool,
        /// Print the grades as JSON.
        #[arg(long)]
        json: bool,
    },
    /// What a project holds, and its leaderboard.
    Summary {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check that a project file is sound (SQLite's integrity check) and up to date.
    Check {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
    },
    /// Compare two systems question by question: is the difference real? With one system,
    /// compare every other system with it (Holm-corrected).
    Compare {
        /// The first system (with no second: the baseline).
        first: String,
        /// The second system.
        second: Option<String>,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Print the comparison as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Prepare the corpus for the built-in pipelines: cut it into chunks, embed them with the
    /// local model, and build the BM25 index next to the project file.
    Ingest {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Largest chunk, in characters (default: the project's last choice, else 800).
        #[arg(long)]
        chunk_size: Option<u32>,
        /// Characters repeated from one chunk at the start of the next (default 100).
        #[arg(long)]
        overlap: Option<u32>,
        /// What chunks are packed from.
        #[arg(long, value_enum)]
        by: Option<Unit>,
        #[command(flatten)]
        local: LocalModelArgs,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// How well does Proctor's leaderboard agree with another one, or with official IR
    /// measures (MAP, P@10, R-precision, nDCG@20, MRR) of the systems' TREC runs?
    Correlate {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Proctor's leaderboard: accuracy, exam (EXAM score) or ability (the last IRT fit).
        #[arg(long, value_enum, default_value_t = Metric::Accuracy)]
        metric: Metric,
        /// Another leaderboard (CSV/XLSX/JSON with system, score, optional standard_error).
        #[arg(long = "with")]
        leaderboard: Option<PathBuf>,
        /// TREC qrels for the runs.
        #[arg(long)]
        qrels: Option<PathBuf>,
        /// A TREC run file of one system (repeatable).
        #[arg(long = "run")]
        runs: Vec<PathBuf>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Item Response Theory: fit a model to the systems' responses, show its information
    /// curve, or improve the exam by dropping the least discriminating questions.
    Irt {
        #[command(subcommand)]
        action: irt::IrtAction,
    },
    /// Correct a question's categories by hand (or give them back to the classifiers).
    Categorize {
        /// The question's id in its exam file.
        question: String,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Bloom levels, comma-separated (e.g. Applying,Analyzing), or "auto".
        #[arg(long)]
        bloom: Option<String>,
        /// Question type (what, which, how, when, why, where, who, other), or "auto".
        #[arg(long = "type")]
        question_type: Option<String>,
    },
    /// Build the bundled sample project and print its results.
    Demo {
        /// Where to write the sample project.
        #[arg(short, long, default_value = "tidewater-sample.proctor")]
        project: PathBuf,
        /// Overwrite the file if it exists.
        #[arg(long)]
        force: bool,
        /// Only import the sample's files; skip ingesting the corpus and running the built-in
        /// pipelines (which need the local models).
        #[arg(long)]
        quick: bool,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
    },
    /// EXAM mode graded here: a local reader answers each query's questions from the systems'
    /// articles (and the gold articles, for n-EXAM).
    Read {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// A system whose articles are read (repeatable; default: all).
        #[arg(long = "system")]
        systems: Vec<String>,
        /// Skip the gold articles.
        #[arg(long)]
        no_gold: bool,
        /// The reader.
        #[arg(long, value_enum, default_value_t = ReaderArg::Combined)]
        reader: ReaderArg,
        /// Replace earlier EXAM-mode outcomes (imported or read before).
        #[arg(long)]
        replace: bool,
        #[command(flatten)]
        local: LocalModelArgs,
        #[command(flatten)]
        user_models: UserModelArgs,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write extractive articles for every query from the corpus (a baseline EXAM-mode system);
    /// grade them with `proctor read`.
    Articles {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam whose queries get articles (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// How sentences are chosen.
        #[arg(long, value_enum, default_value_t = BuilderArg::Mmr)]
        builder: BuilderArg,
        /// MMR's weight of redundancy (0–1).
        #[arg(long, default_value_t = 0.5)]
        lambda: f64,
        /// Length of each article in non-whitespace characters.
        #[arg(long, default_value_t = 1000)]
        quota: u32,
        /// The system's name (default: from the builder).
        #[arg(long)]
        name: Option<String>,
        /// Semantic overlap: a synonym list (columns word, synonym, and optionally similarity).
        #[arg(long)]
        synonyms: Option<PathBuf>,
        /// Semantic overlap: also count words whose embedding has at least this cosine with a
        /// query word (e.g. 0.6; needs the local embedder).
        #[arg(long)]
        embedding_variants: Option<f64>,
        #[command(flatten)]
        local: LocalModelArgs,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The local models: what the models folder holds, and a self-test of the embedder.
    Models {
        #[command(subcommand)]
        action: models::ModelsAction,
    },
    /// API keys in the OS keychain, for endpoints that name an entry.
    Keychain {
        #[command(subcommand)]
        action: keychain::KeychainAction,
    },
    /// Write questions for an exam from the prepared corpus, and check them with the filters.
    Generate(generate::GenerateArgs),
    /// Score the systems' articles against the reference nuggets (POURPRE or Nuggeteer-style).
    Nuggets(papers::NuggetArgs),
    /// The formulation break-down of the samples asked several ways (original, rewritten, human).
    Formulations(papers::FormulationArgs),
    /// A system's replies that need a look, and reading them by hand.
    Replies {
        #[command(subcommand)]
        action: replies::RepliesCommand,
    },
    /// Review generated questions: list them, accept, reject or reinstate.
    Review {
        #[command(subcommand)]
        action: generate::ReviewCommand,
    },
    /// Write the report: one self-contained HTML file (no script, charts inline), printable to PDF.
    Report {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// The sections (default: all): question, exam, leaderboard, head_to_head, articles,
        /// formulations, topics, bloom, irt, quality, systems, methods, provenance.
        #[arg(long, value_delimiter = ',', value_parser = parse_section)]
        sections: Vec<ReportSection>,
        /// The question the evaluation answers, in your words.
        #[arg(long, default_value = "")]
        question: String,
        /// The systems the report covers, comma-separated (default: your own systems — answer
        /// files, endpoints, articles — with the reference pipelines as a line of context).
        #[arg(long, value_delimiter = ',')]
        systems: Vec<String>,
    },
    /// Vendors' systems over HTTP: add, show, try one question, run (resumable).
    Endpoint {
        #[command(subcommand)]
        action: vendors::EndpointCommand,
    },
    /// Exams: write one out to a file.
    Exam {
        #[command(subcommand)]
        action: generate::ExamAction,
    },
    /// The readers: check whether each reads (with the passage vs closed book).
    Readers {
        #[command(subcommand)]
        action: readers::ReadersAction,
    },
    /// The built-in pipelines: add the reference grid, or list them.
    Pipelines {
        #[command(subcommand)]
        action: PipelinesAction,
    },
    /// Let the built-in pipelines sit the exam (resumes where an interrupted run stopped).
    Run {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// A pipeline to run (repeatable; default: all).
        #[arg(long = "system")]
        systems: Vec<String>,
        #[command(flatten)]
        local: LocalModelArgs,
        #[command(flatten)]
        user_models: UserModelArgs,
        /// Throw away the pipelines' earlier answers on this exam and answer again (after
        /// re-ingesting with other chunk settings, or choosing other models).
        #[arg(long)]
        restart: bool,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Serve the app to a browser on 127.0.0.1, guarded by a per-run token.
    Serve {
        /// Port (0 picks a free one).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// Serve this built UI folder instead of the one inside the binary (UI development).
        #[arg(long)]
        ui: Option<PathBuf>,
        /// Open this project at start.
        #[arg(short, long)]
        project: Option<PathBuf>,
        /// Where Proctor keeps its own files (the sample project).
        #[arg(long, env = "PROCTOR_DATA_DIR")]
        data_dir: Option<PathBuf>,
        /// Use this token instead of a random one (for scripted tests).
        #[arg(long, env = "PROCTOR_TOKEN", hide = true)]
        token: Option<String>,
    },
}

/// The pipelines subcommands.
#[derive(Subcommand)]
enum PipelinesAction {
    /// Add every combination of retrievers, readers and top-k as a pipeline (default: the 24
    /// built-in ones; with the language model installed, it reads behind closed book, the
    /// oracle and hybrid top 1; and more for the models you added).
    AddGrid {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Retrievers (repeatable; default: closed-book, bm25, dense, hybrid, oracle, and
        /// hybrid-rerank when you added a pair scorer).
        #[arg(long = "retriever", value_enum)]
        retrievers: Vec<RetrieverArg>,
        /// Readers (repeatable; default: lexical, embedding, combined, pair-scorer or
        /// extractive-qa when you added such a model, and language-model — behind closed book,
        /// oracle and hybrid top 1 only — when one is at hand; named here, a reader sits behind
        /// every retriever).
        #[arg(long = "reader", value_enum)]
        readers: Vec<ReaderArg>,
        /// Chunks retrieved (repeatable; default 1 and 3).
        #[arg(long = "top-k")]
        top_ks: Vec<u32>,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
    },
    /// List the project's pipelines.
    List {
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Print them as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum BuilderArg {
    PassageMatch,
    Mmr,
    Overlap,
}

#[derive(Clone, Copy, ValueEnum)]
enum RetrieverArg {
    ClosedBook,
    Bm25,
    Dense,
    Hybrid,
    HybridRerank,
    Oracle,
}

#[derive(Clone, Copy, ValueEnum)]
enum ReaderArg {
    Lexical,
    Embedding,
    Combined,
    PairScorer,
    ExtractiveQa,
    LanguageModel,
    SlidingWindow,
}

impl From<ReaderArg> for ReaderKind {
    fn from(reader: ReaderArg) -> Self {
        match reader {
            ReaderArg::Lexical => Self::Lexical,
            ReaderArg::Embedding => Self::Embedding,
            ReaderArg::Combined => Self::Combined,
            ReaderArg::PairScorer => Self::PairScorer,
            ReaderArg::ExtractiveQa => Self::ExtractiveQa,
            ReaderArg::LanguageModel => Self::LanguageModel,
            ReaderArg::SlidingWindow => Self::SlidingWindow,
        }
    }
}

/// Where the local models are and how they run, for the commands that load them.
#[derive(clap::Args)]
struct LocalModelArgs {
    /// The models folder (installed by scripts/install-models.sh).
    #[arg(long, env = "PROCTOR_MODELS")]
    models: Option<PathBuf>,
    /// Use the int8 copy of the embedder (faster, slightly less precise; a corpus ingested with
    /// it is read with it).
    #[arg(long)]
    int8: bool,
    /// Threads ONNX Runtime may use (0: all cores).
    #[arg(long = "threads", env = "PROCTOR_THREADS", default_value_t = 0)]
    thread_count: u32,
}

impl LocalModelArgs {
    /// The thread count, refused before anything starts when the machine cannot run that many.
    fn threads(&self) -> ApiResult<u32> {
        proctor_api::check_threads(self.thread_count)?;
        Ok(self.thread_count)
    }

    /// The models folder as the facade takes it.
    fn folder(&self) -> Option<String> {
        self.models.as_deref().map(path_text)
    }
}

/// Which of your own models to use when you added several of a role.
#[derive(clap::Args)]
struct UserModelArgs {
    /// The pair scorer (cross-encoder or NLI model) to use, by name.
    #[arg(long)]
    pair_scorer: Option<String>,
    /// The extractive QA model to use, by name.
    #[arg(long)]
    qa_model: Option<String>,
    /// The language model the LLM reader runs on, by name: a GGUF file or endpoint you added
    /// (default: the one set-up installs).
    #[arg(long)]
    llm: Option<String>,
}

impl From<UserModelArgs> for UserModelChoice {
    fn from(args: UserModelArgs) -> Self {
        Self {
            pair_scorer: args.pair_scorer,
            extractive_qa: args.qa_model,
            llm_mode: None,
            llm: args.llm,
        }
    }
}

fn pipelines(action: PipelinesAction) -> ApiResult<()> {
    match action {
        PipelinesAction::AddGrid {
            project,
            retrievers,
            readers,
            top_ks,
            models,
        } => {
            let request = GridRequest {
                retrievers: retrievers
                    .into_iter()
                    .map(|r| match r {
                        RetrieverArg::ClosedBook => Retriever::ClosedBook,
                        RetrieverArg::Bm25 => Retriever::Bm25,
                        RetrieverArg::Dense => Retriever::Dense,
                        RetrieverArg::Hybrid => Retriever::Hybrid,
                        RetrieverArg::HybridRerank => Retriever::HybridRerank,
                        RetrieverArg::Oracle => Retriever::Oracle,
                    })
                    .collect(),
                readers: readers.into_iter().map(ReaderKind::from).collect(),
                top_ks,
                models: models.as_deref().map(path_text),
            };
            let added = Project::open(&project)?.add_pipeline_grid(&request)?;
            print!("{}", text::pipelines(&added));
            Ok(())
        }
        PipelinesAction::List { project, json } => {
            let all = Project::open(&project)?.pipelines()?;
            show(&all, json, |p| text::pipelines(p))
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Unit {
    Paragraph,
    Sentence,
}

#[derive(Clone, Copy, ValueEnum)]
enum Metric {
    Accuracy,
    Exam,
    Ability,
    Rouge1,
}

/// Prints a facade answer as pretty JSON (`--json`) or as the text rendering for people.
pub(crate) fn show<T: serde::Serialize>(
    value: &T,
    json: bool,
    text: fn(&T) -> String,
) -> ApiResult<()> {
    if json {
        let encoded = serde_json::to_string_pretty(value)
            .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
        println!("{encoded}");
    } else {
        // Text from vendors and files reaches the terminal: its control characters (escape
        // sequences that retitle, clear or hide) are spelled out, never obeyed.
        print!("{}", proctor_api::visible(&text(value)));
    }
    Ok(())
}

/// A path as the facade takes it.
pub(crate) fn path_text(path: &Path) -> String {
    path.display().to_string()
}

fn data_dir(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/share")))
            .unwrap_or_else(std::env::temp_dir)
            .join("proctor")
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(message) = proctor_api::check_limits() {
        eprintln!("error: {}", proctor_api::visible(&message));
        return ExitCode::FAILURE;
    }
    match dispatch::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", proctor_api::visible(&error.message));
            ExitCode::FAILURE
        }
    }
}
