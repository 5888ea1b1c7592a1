/**
 * Where a run's files live. The owner's id is the second segment, which is what the files
 * route checks before serving anything under `runs/`.
 */
/** Every run file of one user (account deletion removes the whole folder). */
export const userRunsFolder = (userId: string) => `runs/${userId}`;
export const runFolder = (userId: string, runId: string) => `${userRunsFolder(userId)}/${runId}`;
export const inputKey = (userId: string, runId: string, field: string, extension: string) =>
  `${runFolder(userId, runId)}/input-${field.replace(/_/g, '-')}.${extension}`;
export const outputKey = (userId: string, runId: string, index: number, extension: string) =>
  `${runFolder(userId, runId)}/output-${index}.${extension}`;
/** A browser run's uploaded result: a fresh key per upload, so a losing concurrent upload cannot overwrite. */
export const browserResultKey = (userId: string, runId: string, uploadId: string) =>
  `${runFolder(userId, runId)}/output-0-${uploadId}.png`;

/** The owner of a key under `runs/`, or undefined for any other key. */
export function runFileOwner(key: string): string | undefined {
  const [root, owner] = key.split('/');
  return root === 'runs' ? owner : undefined;
}
