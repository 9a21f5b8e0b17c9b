import { BUCKET_STORAGE_KEY, parseBucket, visitorBucket } from './bucket';

/** An in-memory localStorage. */
function memoryStorage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem'> & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('visitorBucket', () => {
  it('draws a bucket 0–99 once and keeps it for the next page loads', () => {
    const storage = memoryStorage();
    expect(visitorBucket('', storage, () => 0.905)).toBe(90);
    expect(storage.data[BUCKET_STORAGE_KEY]).toBe('90');
    expect(visitorBucket('', storage, () => 0.1)).toBe(90);
    expect(visitorBucket('', memoryStorage(), () => 0.99999)).toBe(99);
    expect(visitorBucket('', memoryStorage(), () => 0)).toBe(0);
  });

  it('takes the bucket a link from the other origin carries, and keeps it', () => {
    const storage = memoryStorage({ [BUCKET_STORAGE_KEY]: '3' });
    expect(visitorBucket('?lang=tr&bucket=57', storage, () => 0.5)).toBe(57);
    expect(storage.data[BUCKET_STORAGE_KEY]).toBe('57');
  });

  it('ignores a malformed carried or stored bucket, and works without storage', () => {
    expect(visitorBucket('?bucket=150', memoryStorage({ [BUCKET_STORAGE_KEY]: 'x' }), () => 0.25)).toBe(25);
    const broken = {
      getItem: (): string => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('denied');
      },
    };
    expect(visitorBucket('', broken, () => 0.42)).toBe(42);
    expect(visitorBucket('', undefined, () => 0.42)).toBe(42);
  });

  it('parses only whole numbers 0–99', () => {
    expect(['0', '9', '99', '100', '-1', '1.5', '', null].map(parseBucket)).toEqual([0, 9, 99, undefined, undefined, undefined, undefined, undefined]);
  });
});
