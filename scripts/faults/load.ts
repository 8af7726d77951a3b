import { pdf } from "../../tests/fixtures/make-files";
import { startAppServer, sqliteDataDir } from "./lib/app-server";
import { badAnswers, cannon, latency } from "./lib/cannon";
import { applicationBody, applicationHeaders, emailOf, quoteBody, quoteHeaders, readyFormToken, runTag } from "./lib/forms";
import { integrityProblems, missingRows, openInspector } from "./lib/inspect";
import { log, reservePort } from "./lib/processes";
import type { Outcome } from "./lib/report";

//, part 5: thousands of legitimate quote posts and applications at 50 connections against
// the built server on SQLite: no 5xx, every 2xx has its row; public pages at 100 connections.

const QUOTES = Number(process.env.FAULTS_QUOTES ?? 2_000);
const APPLICATIONS = Number(process.env.FAULTS_APPLICATIONS ?? 1_000);
const PAGE_REQUESTS = Number(process.env.FAULTS_PAGE_REQUESTS ?? 2_000);
// Anonymous visitors get these from the HTML cache; the query string makes the last one render
// every time (SSR), so it runs a quarter as many requests.
const PAGES = ["/", "/careers", "/services", "/service/web-development", "/about"];
const RENDERED_PAGE = "/service/web-development?uncached=1";

export async function loadSuite(): Promise<Outcome[]> {
  const data = sqliteDataDir("load");
  const server = await startAppServer(data, await reservePort());
  const db = await openInspector(data);
  try {
    const jobId = (await db.rows<{ id: string }>("select id from job_openings where status = 'open' order by id limit 1"))[0]!.id;
    const formToken = await readyFormToken(server.url);
    const tag = runTag("load");
    const resume = pdf();

    log(`load: ${QUOTES} quote posts at 50 connections`);
    let next = 0;
    const quotesOk = new Set<string>();
    const quotes = await cannon({
      url: `${server.url}/quote.data`,
      connections: 50,
      amount: QUOTES,
      requests: [
        {
          method: "POST",
          setupRequest(req, context) {
            const i = next++;
            context.email = emailOf(`${tag}-q`, i);
            return { ...req, headers: quoteHeaders(server.url, i), body: quoteBody(context.email as string, formToken) };
          },
          // One request in flight per connection: the answer belongs to the post set up last.
          onResponse: (status, _body, context) => void (status >= 200 && status < 300 && quotesOk.add(context.email as string)),
        },
      ],
    });

    log(`load: ${APPLICATIONS} applications with a ${resume.length}-byte PDF at 50 connections`);
    const applicationsOk = new Set<string>();
    const applications = await cannon({
      url: `${server.url}/apply/${jobId}/submit`,
      connections: 50,
      amount: APPLICATIONS,
      requests: [
        {
          method: "POST",
          setupRequest(req, context) {
            const i = next++;
            context.email = emailOf(`${tag}-a`, i);
            const form = applicationBody(context.email as string, formToken, resume);
            return { ...req, headers: applicationHeaders(server.url, i, form.contentType), body: form.body };
          },
          onResponse: (status, _body, context) => void (status >= 200 && status < 300 && applicationsOk.add(context.email as string)),
        },
      ],
    });

    log(`load: ${PAGES.length} cached public pages × ${PAGE_REQUESTS} requests and 1 rendered × ${PAGE_REQUESTS / 4}, at 100 connections`);
    const pages = [];
    for (const page of [...PAGES, RENDERED_PAGE]) {
      const amount = page === RENDERED_PAGE ? PAGE_REQUESTS / 4 : PAGE_REQUESTS;
      pages.push(
        await cannon({ url: server.url + page, connections: 100, amount, headers: { Accept: "text/html", "Accept-Encoding": "br, gzip" } }),
      );
    }

    const missingQuotes = await missingRows(db, "quotes", quotesOk);
    const missingApplications = await missingRows(db, "job_applications", applicationsOk);
    const integrity = await integrityProblems(data, db);
    const serverErrors = server.errors();
    // Someone else's process killing ours would otherwise read as a flood of connection errors.
    const exited = server.exitReason();
    if (exited) serverErrors.unshift(`the server stopped during the load (${exited}), not by this suite`);
    const pageTotal = pages.reduce((n, r) => n + r.requests.sent, 0);
    const pageOk = pages.reduce((n, r) => n + r["2xx"], 0);
    return [
      submissions("load: quote posts, 50 conns", quotes, quotesOk.size - missingQuotes.length, missingQuotes, []),
      submissions(
        "load: applications + PDF, 50 conns",
        applications,
        applicationsOk.size - missingApplications.length,
        missingApplications,
        integrity,
      ),
      {
        category: "load: server kept running, logged no error",
        tried: 1,
        passed: serverErrors.length === 0 ? 1 : 0,
        failures: serverErrors.length ? [`${serverErrors.length} problem(s), e.g. ${serverErrors[0]!.slice(0, 1_500)}`] : [],
      },
      {
        category: "load: public pages, 100 conns",
        tried: pageTotal,
        passed: pageOk,
        notes: pages.map((r, i) => `${[...PAGES, RENDERED_PAGE][i]} ${latency(r)}`).join("; "),
        failures: pages.flatMap((r, i) => (badAnswers(r) ? [`${[...PAGES, RENDERED_PAGE][i]}: ${badAnswers(r)}`] : [])),
      },
    ];
  } finally {
    await db.close();
    await server.stop();
  }
}

function submissions(
  category: string,
  result: Awaited<ReturnType<typeof cannon>>,
  stored: number,
  missing: string[],
  problems: string[],
): Outcome {
  const failures = [...problems];
  if (badAnswers(result)) failures.push(`answers other than 2xx: ${badAnswers(result)}`);
  if (missing.length) failures.push(`${missing.length} answered 2xx but not stored, e.g. ${missing[0]}`);
  return {
    category,
    tried: result.requests.sent,
    passed: stored,
    notes: `${result.requests.sent} requests, ${result.errors + result.non2xx} errors/non-2xx, ${latency(result)}, ${Math.round(result.requests.total / result.duration)} req/s`,
    failures,
  };
}
