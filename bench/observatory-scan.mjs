// One scan by Mozilla's HTTP Observatory (@mdn/mdn-http-observatory), on any ports: its command line scans
// ports 80 and 443 only, so this runs its retriever, its tests and its grader as its scan() does.
//   node bench/observatory-scan.mjs <observatory package dir> <host> <http port> <https port>
// Prints {grade, score, tests}. Started by bench/observatory.mjs, with NODE_EXTRA_CA_CERTS naming the
// bench's own certificate authority, so that the scanner trusts the local TLS proxy.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, host, httpPort, httpsPort] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(dir, 'src', file)).href);
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS } = await load('constants.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');

const requests = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!requests.responses.auto) throw new Error(`${host} did not answer`);
let withExtraCredit = 100;
let penalties = 100;
const tests = {};
for (const test of ALL_TESTS) {
  const result = test(requests);
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  withExtraCredit += modifier;
  if (modifier < 0) penalties += modifier;
  tests[result.constructor.name] = { pass: result.pass, result: result.result, scoreModifier: modifier };
}
const { grade, score } = getGradeForScore(penalties >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : penalties);
console.log(JSON.stringify({ grade, score, url: requests.session.url.href, tests }));
