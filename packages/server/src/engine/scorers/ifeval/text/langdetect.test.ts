import { describe, expect, it } from "vitest";
import { detectLanguage, LangDetectError } from "./langdetect.ts";
import { PythonRandom } from "./python-random.ts";

// Expected values are CPython 3.11's and langdetect 1.0.9's with `DetectorFactory.seed = 0`.
describe("PythonRandom", () => {
  it("reproduces random.Random(0)'s stream of random, choice and gauss", () => {
    const random = new PythonRandom(0);
    expect(random.random()).toBe(0.8444218515250481);
    expect(random.random()).toBe(0.7579544029403025);
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(Array.from({ length: 8 }, () => random.choice(digits))).toEqual([
      6, 0, 4, 8, 7, 6, 4, 7,
    ]);
    expect(random.gauss(0.0, 1.0)).toBe(-1.3238774929078008);
    expect(random.gauss(0.0, 1.0)).toBe(1.6408297479840344);
  });

  it("takes gauss pairs from the given table at the current stream offset", () => {
    const random = new PythonRandom(0, Float64Array.from([0.25, -0.5]));
    expect(random.gauss(0.0, 1.0)).toBe(0.25);
    expect(random.gauss(0.0, 1.0)).toBe(-0.5);
    expect(random.gauss(0.0, 1.0)).toBe(-0.6797144480784211); // offset 4: past the table
  });

  it("seeds with integers wider than 32 bits as CPython does", () => {
    expect(new PythonRandom(12345678901).random()).toBe(0.9460118159397316);
  });
});

describe("detectLanguage", () => {
  it.each([
    ["The quick brown fox jumps over the lazy dog. The weather is lovely today.", "en"],
    ["THIS IS AN ALL CAPS RESPONSE ABOUT THE WEATHER TODAY.", "en"],
    ["Der schnelle braune Fuchs springt über den faulen Hund.", "de"],
    ["Hôm nay thời tiết rất đẹp và chúng tôi đi dạo.", "vi"],
    ["Быстрая коричневая лиса прыгает через ленивую собаку.", "ru"],
    ["Σήμερα ο καιρός είναι ωραίος.", "el"],
    ["היום מזג האוויר יפה ואנחנו הולכים לטייל.", "he"],
    ["الطقس جميل اليوم وسنذهب في نزهة.", "ar"],
    ["आज मौसम बहुत अच्छा है और हम टहलने जा रहे हैं।", "hi"],
    ["วันนี้อากาศดีมาก", "th"],
    ["今天天气很好，我们去散步吧。", "zh-cn"],
    ["今日はとても良い天気なので散歩に行きましょう。", "ja"],
    ["오늘은 날씨가 아주 좋아서 산책을 갑니다.", "ko"],
  ])("detects %j as %s", (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it("gives langdetect's seeded answers on short, ambiguous texts", () => {
    expect(detectLanguage("Hi!")).toBe("sw");
    expect(detectLanguage("ok")).toBe("sk");
    expect(detectLanguage("Ciao")).toBe("pt");
    expect(detectLanguage("HELLO WORLD")).toBe("so");
  });

  it("drops URLs and e-mail addresses, and Latin words from mostly non-Latin text", () => {
    expect(
      detectLanguage("Check https://example.com/a/b or mail me@example.com: Le renard brun saute."),
    ).toBe("fr");
    expect(detectLanguage("Привет! This message is mostly English but starts with Russian.")).toBe(
      "en",
    );
  });

  it("normalizes decomposed Vietnamese tone marks", () => {
    expect(detectLanguage("Mo\u0323i ngu\u031bo\u031b\u0300i")).toBe("vi");
  });

  it.each(["", "   ", "1234567890", "😀😂🎉", "https://example.com/only-a-url", "!!! ???"])(
    "throws LangDetectError on %j, which has no features",
    (text) => {
      expect(() => detectLanguage(text)).toThrow(LangDetectError);
      expect(() => detectLanguage(text)).toThrow("No features in text.");
    },
  );
});
