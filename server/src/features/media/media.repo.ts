import type { Db } from '../../db/client';

export type FileRow = {
  id: string;
  storage_key: string;
  mime: string;
  size: number;
  sha256: string;
  public: boolean;
  created_at: Date;
};

export async function selectFile(db: Db, id: string): Promise<FileRow | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'storage_key', 'mime', 'size', 'sha256', 'public', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size), created_at: new Date(row.created_at) };
}
