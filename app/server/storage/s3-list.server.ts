/** The S3 store's listing, page by page. */
import { assertPrefix } from "#app/server/storage/blob-store.server.ts";
import { explain } from "#app/server/storage/s3-errors.server.ts";
import type { S3StoreContext } from "#app/server/storage/s3-context.server.ts";

export async function* listObjects(ctx: S3StoreContext, prefix: string): AsyncGenerator<string> {
  const { sdk, client, bucket } = ctx;
  assertPrefix(prefix);
  let token: string | undefined;
  do {
    let page;
    try {
      page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
          MaxKeys: 1000,
        }),
      );
    } catch (error) {
      throw explain(ctx, error, `list "${prefix}"`);
    }
    for (const object of page.Contents ?? []) {
      if (object.Key) yield object.Key;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
