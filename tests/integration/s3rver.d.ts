/** The parts of s3rver (an S3 protocol server for tests, without types of its own) that the storage test uses. */
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      port: number;
      address: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: unknown[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
