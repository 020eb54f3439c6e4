/**
 * A test model whose tokenizer is shaped like paraphrase-multilingual-MiniLM-L12-v2's (XLM-R's SentencePiece:
 * a Unigram model, "▁" marking word starts, <s> … </s> around the input) over minilm-l6-shape's weights.
 * There is no real multilingual model on this machine and no network; this lets a test prove that the
 * engine's token counting and chunk sizing do not assume WordPiece. The vectors mean nothing (random weights),
 * and the vocabulary is MiniLM's 30,522 entries rewritten as Unigram pieces (so every id fits the weights'
 * embedding table), not XLM-R's 250,002.
 */
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** WordPiece's specials become XLM-R's, at the same ids. */
const SPECIALS: Record<string, string> = {
  '[PAD]': '<pad>',
  '[UNK]': '<unk>',
  '[CLS]': '<s>',
  '[SEP]': '</s>',
  '[MASK]': '<mask>',
};

/** The Unigram vocabulary: [piece, score] at the WordPiece token's id. */
function unigramVocab(wordPieces: string[]): Array<[string, number]> {
  const have = new Set(wordPieces);
  const seen = new Set<string>();
  return wordPieces.map((token, id): [string, number] => {
    let piece: string;
    if (SPECIALS[token]) piece = SPECIALS[token];
    else if (token === '[unused0]')
      piece = '▁'; // a word start on its own, as SentencePiece has it
    else if (token.startsWith('##')) piece = token.slice(2);
    // A character with no continuation form (a CJK ideograph, most punctuation) is a bare piece: "▁" + "東".
    else if ([...token].length === 1 && !have.has(`##${token}`)) piece = token;
    else piece = `▁${token}`;
    if (seen.has(piece)) piece = `[dup${id}]`;
    seen.add(piece);
    // Earlier (more frequent) pieces score higher; a few long pieces beat many short ones.
    return [piece, SPECIALS[token] ? 0 : -Math.log(id + 10)];
  });
}

/** Writes the model folder `outDir` (config and weights from `shapeDir`, linked) and returns it. */
export function makeSentencePieceShapeModel(shapeDir: string, outDir: string): string {
  const wordPieces = readFileSync(join(shapeDir, 'vocab.txt'), 'utf8').split('\n').filter(Boolean);
  const vocab = unigramVocab(wordPieces);
  const idOf = (piece: string) => vocab.findIndex(([p]) => p === piece);
  const special = (piece: string) => ({
    id: idOf(piece),
    content: piece,
    single_word: false,
    lstrip: piece === '<mask>',
    rstrip: false,
    normalized: false,
    special: true,
  });
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['<pad>', '<unk>', '<s>', '</s>', '<mask>'].map(special),
    // XLM-R's Precompiled map folds like NFKC; lower case because MiniLM's pieces are lower case.
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Replace', pattern: { Regex: '\\s+' }, content: ' ' },
        { type: 'Lowercase' },
      ],
    },
    pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    post_processor: {
      type: 'RobertaProcessing',
      sep: ['</s>', idOf('</s>')],
      cls: ['<s>', idOf('<s>')],
      trim_offsets: true,
      add_prefix_space: true,
    },
    decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: idOf('<unk>'), vocab, byte_fallback: false },
  };
  mkdirSync(join(outDir, 'onnx'), { recursive: true });
  copyFileSync(join(shapeDir, 'config.json'), join(outDir, 'config.json'));
  symlinkSync(resolve(shapeDir, 'onnx', 'model_quantized.onnx'), join(outDir, 'onnx', 'model_quantized.onnx'));
  writeFileSync(join(outDir, 'tokenizer.json'), JSON.stringify(tokenizer));
  writeFileSync(
    join(outDir, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'XLMRobertaTokenizer',
      bos_token: '<s>',
      eos_token: '</s>',
      cls_token: '<s>',
      sep_token: '</s>',
      pad_token: '<pad>',
      unk_token: '<unk>',
      mask_token: '<mask>',
      model_max_length: 512,
    }),
  );
  return outDir;
}
