interface Response {
  $ref?: string;
  links?: Record<string, Link>;
}
interface Link {
  operationId: string;
  parameters: Record<string, string>;
  description: string;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Response>;
}
interface Document {
  paths?: object;
}

/** Where the created thing's id is in an answer, and the operations that take it as `{id}`. */
interface Follow {
  id: string;
  to: Record<string, string>;
}

/** What a run's answer leads to whatever made it: reading it. */
const RUN_READS = {
  getRun: 'The run: status, progress, outputs',
  streamRunEvents: 'The run as it changes, as server-sent events',
};

const RUN: Follow = {
  id: '$response.body#/run/id',
  to: { ...RUN_READS, rerunRun: 'The run again, with its stored inputs and options' },
};

/**
 * A background-removal run is made in the browser: its image never reached the server, so it
 * cannot be run again there (`rerunRun` answers 409 RUN_NOT_RERUNNABLE) and its answer leads
 * only to reading it. `startRun` with that tool still lists the rerun: a link cannot depend on
 * the path's tool.
 */
const BROWSER_RUN: Follow = { id: RUN.id, to: RUN_READS };

/**
 * What each creating operation's answer leads to: OpenAPI `links`, so a generator, a reader or a
 * stateful test (the contract test) can follow a created run, batch, artwork, team or key to the
 * operations that read and change it.
 */
const FOLLOWS: { matches: (operationId: string) => boolean; follow: Follow }[] = [
  { matches: (id) => id === 'startBackgroundRemovalRun', follow: BROWSER_RUN },
  { matches: (id) => /^start\w*Run$/.test(id) || id === 'rerunRun', follow: RUN },
  {
    matches: (id) => id === 'startBatch',
    follow: {
      id: '$response.body#/batch/id',
      to: { getBatch: 'The batch: status, counts and runs', getBatchArchive: "The batch's results as a ZIP" },
    },
  },
  {
    matches: (id) => id === 'createArtwork',
    follow: {
      id: '$response.body#/artwork/id',
      to: { updateArtwork: 'Change its title, prompt or visibility', deleteArtwork: 'Delete it' },
    },
  },
  {
    matches: (id) => id === 'createTeam',
    follow: {
      id: '$response.body#/team/id',
      to: { getTeam: 'The team', getTeamUsage: "The team's usage", listTeamArtworks: "The team's library" },
    },
  },
  {
    matches: (id) => id === 'createApiKey' || id === 'rollApiKey',
    follow: {
      id: '$response.body#/apiKey/id',
      to: { rollApiKey: 'Roll the key', deleteApiKey: 'Revoke the key' },
    },
  },
];

const linkName = (operationId: string) => operationId[0]!.toUpperCase() + operationId.slice(1);

/** Adds the `links` of FOLLOWS to every 2xx answer (of its own, not shared) of a creating operation. */
export function documentLinks<D extends Document>(document: D): D {
  for (const item of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(item)) {
      const follow = FOLLOWS.find((f) => f.matches(operation.operationId ?? ''))?.follow;
      if (!follow) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2') || response.$ref) continue;
        response.links = Object.fromEntries(
          Object.entries(follow.to).map(([operationId, description]) => [
            linkName(operationId),
            { operationId, parameters: { id: follow.id }, description },
          ]),
        );
      }
    }
  }
  return document;
}
