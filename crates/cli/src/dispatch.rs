//! What each command does: the facade's use case it calls, and how its answer is shown.

use crate::{
    BuilderArg, Cli, Command, Metric, Unit, data_dir, generate, irt, keychain, models, papers,
    path_text, pipelines, progress, readers, show, text, vendors,
};
use proctor_api::dto::{
    ArticleBuilder, BuildArticlesRequest, CategoryOverride, ChunkUnit, Chunking, CompareRequest,
    CorrelateRequest, ImportRequest, IngestRequest, LeaderboardMetric, ProjectPath,
    ReadArticlesRequest, ReportRequest, RunRequest, SaveReportRequest, SignificanceRequest,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project, Workbench};
use proctor_server::{ServeOptions, Server};
use std::sync::Arc;

pub(crate) fn run(cli: Cli) -> ApiResult<()> {
    match cli.command {
        Command::Init { path } => {
            let project = Project::create(&path)?;
            println!("Created {}", project.path().display());
        }
        Command::Import {
            kind,
            file,
            project,
            system,
            exam,
            topic,
            factors,
            replace,
            open,
            reply_model,
            keep_furniture,
            json,
        } => {
            let mut project = Project::open(&project)?;
            let request = ImportRequest {
                kind,
                path: file.display().to_string(),
                system,
                exam,
                topic,
                factors,
                replace,
                open,
                reply_model,
                keep_furniture,
            };
            let report = project.import(&request, &progress::Bar::new())?;
            show(&report, json, text::import_report)?;
        }
        Command::Grade {
            project,
            exam,
            rouge,
            json,
        } => {
            let project = Project::open(&project)?;
            if rouge {
                let table = project.exam_agreement(exam.as_deref())?;
                show(&table, json, text::exam_agreement)?;
            } else {
                let grades = project.grades(exam.as_deref())?;
                show(&grades, json, text::grades)?;
            }
        }
        Command::Irt { action } => irt::irt(action)?,
        Command::Pipelines { action } => pipelines(action)?,
        Command::Models { action } => models::models(action)?,
        Command::Keychain { action } => keychain::keychain(action)?,
        Command::Readers { action } => readers::readers(action)?,
        Command::Generate(args) => generate::generate(args)?,
        Command::Nuggets(args) => papers::nuggets(&args)?,
        Command::Formulations(args) => papers::formulations(&args)?,
        Command::Review { action } => generate::review(action)?,
        Command::Replies { action } => crate::replies::replies(action)?,
        Command::Exam { action } => generate::exam(action)?,
        Command::Endpoint { action } => vendors::endpoint(action)?,
        Command::Report {
            project,
            output,
            exam,
            sections,
            question,
            systems,
        } => {
            let report = Project::open(&project)?.save_report(&SaveReportRequest {
                report: ReportRequest {
                    exam,
                    sections,
                    question,
                    systems,
                },
                path: path_text(&output),
            })?;
            println!(
                "Wrote {} ({} KB)",
                report.file_name,
                report.html.len() / 1024
            );
        }
        Command::Articles {
            project,
            exam,
            builder,
            lambda,
            quota,
            name,
            synonyms,
            embedding_variants,
            local,
            json,
        } => {
            let request = BuildArticlesRequest {
                exam,
                builder: match builder {
                    BuilderArg::PassageMatch => ArticleBuilder::PassageMatch,
                    BuilderArg::Mmr => ArticleBuilder::Mmr,
                    BuilderArg::Overlap => ArticleBuilder::Overlap,
                },
                lambda,
                quota,
                name,
                synonyms: synonyms.as_deref().map(path_text),
                embedding_variants,
                models: local.folder(),
                int8: local.int8,
                threads: local.threads()?,
            };
            let report = Project::open(&project)?.build_extractive_articles(&request)?;
            show(&report, json, |r| {
                format!(
                    "{}: {} articles, {:.0} characters on average. Grade them: proctor read --system \"{}\"\n",
                    r.system, r.articles, r.mean_length, r.system
                )
            })?;
        }
        Command::Read {
            project,
            exam,
            systems,
            no_gold,
            reader,
            replace,
            local,
            user_models,
            json,
        } => {
            let request = ReadArticlesRequest {
                exam,
                systems,
                gold: !no_gold,
                reader: reader.into(),
                replace,
                models: local.folder(),
                int8: local.int8,
                threads: local.threads()?,
                user_models: user_models.into(),
            };
            let report = Project::open(&project)?.read_articles(&request, &progress::Bar::new())?;
            show(&report, json, text::run)?;
        }
        Command::Run {
            project,
            exam,
            systems,
            local,
            user_models,
            restart,
            json,
        } => {
            let request = RunRequest {
                exam,
                systems,
                models: local.folder(),
                int8: local.int8,
                threads: local.threads()?,
                user_models: user_models.into(),
                restart,
            };
            let report = Project::open(&project)?.run_pipelines(&request, &progress::Bar::new())?;
            show(&report, json, text::run)?;
        }
        Command::Ingest {
            project,
            chunk_size,
            overlap,
            by,
            local,
            json,
        } => {
            let chunking =
                (chunk_size.is_some() || overlap.is_some() || by.is_some()).then(|| Chunking {
                    size: chunk_size.unwrap_or(800),
                    overlap: overlap.unwrap_or(100),
                    unit: match by {
                        Some(Unit::Sentence) => ChunkUnit::Sentence,
                        _ => ChunkUnit::Paragraph,
                    },
                });
            let request = IngestRequest {
                chunking,
                models: local.folder(),
                int8: local.int8,
                threads: local.threads()?,
            };
            let report = Project::open(&project)?.ingest(&request, &progress::Bar::new())?;
            show(&report, json, text::ingest)?;
        }
        Command::Correlate {
            project,
            exam,
            metric,
            leaderboard,
            qrels,
            runs,
            json,
        } => {
            let request = CorrelateRequest {
                exam,
                metric: match metric {
                    Metric::Accuracy => LeaderboardMetric::Accuracy,
                    Metric::Exam => LeaderboardMetric::Exam,
                    Metric::Ability => LeaderboardMetric::Ability,
                    Metric::Rouge1 => LeaderboardMetric::Rouge1,
                },
                leaderboard: leaderboard.as_deref().map(path_text),
                qrels: qrels.as_deref().map(path_text),
                runs: runs.iter().map(|p| path_text(p)).collect(),
            };
            let report = Project::open(&project)?.correlate(&request)?;
            show(&report, json, text::correlation)?;
        }
        Command::Summary { project, json } => {
            let summary = Project::open(&project)?.summary()?;
            show(&summary, json, text::summary)?;
        }
        Command::Check { project } => {
            let project = Project::open(&project)?;
            let problems = project.integrity_problems()?;
            if !problems.is_empty() {
                return Err(ApiError::new(
                    ErrorCode::Internal,
                    format!(
                        "{} is damaged:\n  {}",
                        project.path().display(),
                        problems.join("\n  ")
                    ),
                ));
            }
            println!(
                "{} is sound (schema version {}).",
                project.path().display(),
                project.schema_version()?
            );
        }
        Command::Compare {
            first,
            second,
            project,
            exam,
            json,
        } => {
            let project = Project::open(&project)?;
            if let Some(second) = second {
                let request = CompareRequest {
                    exam,
                    first,
                    second,
                };
                show(&project.compare(&request)?, json, text::comparison)?;
            } else {
                let request = SignificanceRequest {
                    exam,
                    baseline: first,
                    group: None,
                };
                show(&project.significance(&request)?, json, text::significance)?;
            }
        }
        Command::Categorize {
            question,
            project,
            exam,
            bloom,
            question_type,
        } => {
            let bloom = bloom.map(|b| {
                if b.trim().eq_ignore_ascii_case("auto") {
                    Vec::new()
                } else {
                    b.split(',')
                        .map(|l| l.trim().to_owned())
                        .filter(|l| !l.is_empty())
                        .collect()
                }
            });
            let change = CategoryOverride {
                exam,
                question_id: question,
                bloom,
                question_type,
            };
            let now = Project::open(&project)?.override_categories(&change)?;
            let by = |manual: bool| {
                if manual {
                    "set by hand"
                } else {
                    "from the classifier"
                }
            };
            println!(
                "{}: Bloom {} ({}), type {} ({})",
                now.question_id,
                now.bloom.join(", "),
                by(now.bloom_overridden),
                now.question_type,
                by(now.question_type_overridden)
            );
        }
        Command::Demo {
            project,
            force,
            quick,
            models,
        } => {
            if force {
                for suffix in ["", "-wal", "-shm"] {
                    let mut name = project.clone().into_os_string();
                    name.push(suffix);
                    let _ = std::fs::remove_file(name);
                }
            }
            let summary = if quick {
                proctor_api::sample::build(&project, &progress::Bar::new())?
            } else {
                let models = models.as_deref().map(path_text);
                proctor_api::sample::build_with_pipelines(
                    &project,
                    models.as_deref(),
                    &progress::Bar::new(),
                )?
            };
            print!("{}", text::summary(&summary));
            if let Some(grades) = &summary.grades {
                print!("\n{}", text::breakdowns(grades));
            }
            if !quick {
                let check = Project::open(&project)?.reader_check(None, &[])?;
                print!("\n{}", readers::text(&check));
            }
            println!(
                "\nThe sample project is at {}. Open it in the app, or: proctor summary -p {0}",
                project.display()
            );
        }
        Command::Serve {
            port,
            ui,
            project,
            data_dir: dir,
            token,
        } => {
            let workbench = Arc::new(Workbench::new(data_dir(dir)));
            if let Some(project) = project {
                workbench.open_project(ProjectPath {
                    path: project.display().to_string(),
                })?;
            }
            if let Some(dir) = ui.as_ref().filter(|d| !d.join("index.html").is_file()) {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    format!("{} holds no built UI (no index.html)", dir.display()),
                ));
            }
            if ui.is_none() && !proctor_server::ui::embedded() {
                eprintln!(
                    "note: this build carries no UI (scripts/setup.sh builds ui/ first); serving \
                     the API only"
                );
            }
            let ui_dir = ui;
            let runtime = tokio::runtime::Runtime::new()
                .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
            runtime
                .block_on(async move {
                    let server = Server::bind(
                        workbench,
                        ServeOptions {
                            port,
                            ui_dir,
                            token,
                        },
                    )
                    .await?;
                    let address = server.address()?;
                    println!(
                        "Proctor is serving on http://{address}/?token={}",
                        server.token
                    );
                    println!("Press Ctrl+C to stop.");
                    server
                        .run(async {
                            let _ = tokio::signal::ctrl_c().await;
                        })
                        .await
                })
                .map_err(|e| ApiError::new(ErrorCode::Internal, format!("serving: {e}")))?;
        }
    }
    Ok(())
}
