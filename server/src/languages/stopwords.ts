/**
 * Words a query's terms are filtered against, per language, in their normalized form
 * (English lower-case; Turkish ASCII-folded, so `hakkinda` typed without Turkish letters is
 * caught as well; Arabic normalized as in `corpus/normalize.ts`).
 *
 * Two kinds: function words, and the words of how a question is framed ("what does the Quran
 * say about", "what happened to", "the story of", "every", "Kuran ne diyor", "hakkında",
 * "… suresinde", "… hikayesi") that carry no content. Query side only: a query made only of
 * such words keeps them (`queryTerms`' `keepStopwords` fallback). PostgreSQL's `arabic`
 * configuration has no stopwords and the `turkish` stemmer over-stems short words, so these
 * lists are our own.
 */

const EN = `a about above after again against all am an and any are aren as at be because been before
being below between both but by can cannot could couldn did didn do does doesn doing don down during
each few for from further had hadn has hasn have haven having he her here hers herself him himself his
how i if in into is isn it its itself just let ll me more most mustn my myself no nor not now of off
on once only or other ought our ours ourselves out over own same shan she should shouldn so some such
than that the their theirs them themselves then there these they this those through to too under until
up upon very was wasn we were weren what whatever when where whether which while who whoever whom
whose why will with won would wouldn you your yours yourself yourselves ve re s t d m
also any anything something someone thing things much many others
say says said saying tell tells told teach teaches taught mention mentions mentioned describe describes
explain explains know knows meaning please according regarding concerning quran koran qur an holy
scripture scriptures verse verses ayah ayat ayahs surah islam islamic view views opinion
every come comes came happen happens happened story stories`;

const TR = `a acaba ama ancak aslinda az bana bazi belki ben benim beni bir biraz biri birkac birsey biz
bize bizim boyle bu buna bunda bundan bunlar bunu bunun burada cok cunku da daha de degil diye dolayi
en fakat gibi hangi hangisi hem hep hepsi her hic icin ile ise iste kadar kendi kendine ki kim kime
kimdir kimin kimi kimler kimlere mi mu midir mudur ne neden nedir nelerdir neler neydi neye neyden nerede nereye nereden nasil nasildir niye
nicin o olan olarak oldu olur olsun olacak olacaktir olmak olmus olmali on ona onda ondan onlar onlari onlarin onu onun orada oysa sana
sen senin seni siz size sizin su sunu sunun tum var veya ve ya yani yok zaten
hakkinda hakkindaki ilgili konusunda konusu uzerine dair
kuran kurani kuranda kurandaki kuranin kerim ayet ayetler ayetleri ayette ayetlerde sure
suresi suresinde suresini suresinin suresine hikaye hikayesi hikayeleri kissa kissasi
diyor der demektir soyluyor soyler soylemektedir anlatiyor anlatir bahsediyor bahseder bahsedilir
aciklar aciklayin aciklar misin anlatir misin soyler misin islam islamda islamiyet dinde`;

const AR = `من في على الى عن ما ماذا لماذا كيف متى اين هل هو هي هم هما هن انا انت انتم نحن ذلك تلك هذا
هذه هؤلاء التي الذي الذين اللذين اللتين ان او ام ثم لا لم لن قد كان كانت يكون كل بعض غير بين حتى اذا
اذ لو لكن بل مع عند لدى منذ حول يقول تقول قال قالت القران القرءان الكريم اية ايات الاية الايات سورة
الاسلام`;

function set(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** Per language: normalized words that are never query terms. */
export const STOPWORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: set(EN),
  tr: set(TR),
  ar: set(AR),
};
