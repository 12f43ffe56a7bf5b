/**
 * A reviewed thesaurus of common English words: for each word (by part of speech) alternatives that keep its
 * sense in nearly every context it is used in, with the conditions under which the swap is safe. Proposed from
 * WordNet's synsets and SUBTLEX-US frequencies for the content words most frequent in the dataset's texts, then
 * read one by one: words whose senses split (find, world, case, issue of a magazine…) are left out, and so are
 * alternatives that need another sentence frame ("help X do" ≠ "assist X do").
 *
 * Line format: `word > alt, alt [condition] …`. Conditions:
 *   [that]        only before "that" (verbs of saying and showing: "argue that" → "claim that")
 *   [obj]         only with a direct object right after it (transitive use: "increase the risk", not "prices increased")
 *   [prep=a,b]    these prepositions may follow (by default a verb or adjective followed by any preposition is left alone)
 *   [mid]         never as the first word of a sentence
 *   [attr]        adjectives: only right before a noun; [pred] only not before a noun
 *   [not=a,b]     not after these words ("statistically significant")
 *   [nowith]      not when "with" follows within six words ("provide X with Y")
 */
import type { WordPos } from './phrases.ts';

/** When a thesaurus swap is allowed. */
export interface SynonymRule {
  to: string[];
  that?: boolean;
  obj?: boolean;
  preps?: string[];
  mid?: boolean;
  attr?: boolean;
  pred?: boolean;
  prevNot?: string[];
  noWith?: boolean;
}

const VERBS = `
abandon > desert, leave behind [obj]
accelerate > speed up [obj]
accomplish > achieve [obj]
acknowledge > admit [that]
adapt > adjust [prep=to]
admit > acknowledge [that]
allege > claim [that]
alter > change [obj]
amaze > astonish [obj]
anticipate > expect
argue > claim, contend [that]
assemble > gather
assert > claim, state [that]
assess > gauge, judge [obj]
astonish > amaze [obj]
attract > draw [obj]
await > wait for [obj]
boost > raise, lift [obj]
captivate > charm, enthrall [obj]
cease > stop
challenge > question, dispute [obj]
cherish > treasure, value [obj]
choose > pick [obj]
chuckle > laugh
claim > say [that]
commence > begin, start
complete > finish [obj]
comprehend > understand, grasp
confront > face [obj]
contemplate > consider, weigh [obj]
converse > talk
convince > persuade
declare > announce, state [that]
decrease > lower, cut [obj]
demolish > tear down [obj]
depart > leave
desire > want [obj]
destroy > ruin, wreck [obj]
diminish > lessen, shrink
discard > throw away [obj]
disclose > reveal [obj]
display > show [obj]
dominate > control [obj]
elevate > raise, lift [obj]
encounter > meet, come across [obj]
endure > bear, suffer [obj]
enlarge > expand [obj]
evaluate > assess, judge [obj]
evolve > develop [prep=into]
exclaim > cry
face > confront [obj]
fear > dread [obj]
finish > complete [obj]
frighten > scare [obj]
gather > collect [obj]
gaze > stare [prep=at]
grin > smile [prep=at]
guarantee > ensure [obj]
guide > steer, lead [obj]
halt > stop [obj]
hasten > hurry
hide > conceal [obj]
hurry > rush
ignore > disregard [obj]
illuminate > light up [obj]
illustrate > show [obj]
imply > suggest [that]
implement > carry out, put in place [obj]
impact > affect [obj]
improve > boost [obj]
increase > raise, boost [obj]
inhabit > live in [obj]
inquire > ask
insist > maintain [that]
intend > plan [prep=to]
influence > shape, sway [obj]
locate > find [obj]
maintain > keep [obj]
mend > fix, repair [obj]
minimize > reduce, cut [obj]
modify > change, alter [obj]
murmur > whisper
notice > spot [obj]
observe > note [that]
occur > happen, take place
perish > die
persuade > convince
ponder > consider, weigh [obj]
portray > depict [obj]
predict > forecast [obj]
prevent > stop [obj]
proceed > go on [prep=with]
prohibit > ban [obj]
prompt > spur [obj]
propose > suggest
protect > shield, guard [obj]
provide > offer, give [obj] [nowith]
realize > see, understand [that]
recall > remember [that]
recommend > suggest
regard > see, view [obj]
reignite > revive [obj]
remain > stay [not=it]
remember > recall [obj]
repair > fix, mend [obj]
request > ask for [obj]
reside > live [prep=in]
resolve > settle [obj]
reveal > show [that]
rush > hurry
seek > look for [obj]
shiver > shudder
shout > yell
shut > close [obj]
signal > indicate, show [obj]
slay > kill [obj]
sob > weep
stare > gaze [prep=at]
stroll > walk
suggest > indicate, imply [that]
summon > call [obj]
tackle > deal with, take on [obj]
terrify > frighten [obj]
thrive > flourish
transform > reshape, change [obj]
tremble > shake
understand > grasp [obj]
unleash > release [obj]
utter > say [obj]
vary > differ
verify > check, confirm [obj]
vow > pledge, promise
wander > roam
weep > cry
whisper > murmur
wreck > ruin [obj]
yearn > long [prep=for]
yell > shout
`;

const NOUNS = `
ability > capacity
absence > lack
achievement > feat
adversary > opponent, rival
advantage > benefit [not=take,takes,took,taken,taking]
affection > fondness
agreement > deal [not=in]
ailment > illness
alternative > option
amazement > astonishment
anticipation > expectation
aspect > side, part
assailant > attacker
assessment > evaluation
astonishment > amazement
attempt > effort, bid
backer > supporter
battle > fight, struggle
beverage > drink
blaze > fire
blunder > mistake
boundary > limit
bravery > courage
cacophony > din
calamity > disaster
camaraderie > friendship
catastrophe > disaster
challenge > difficulty, hurdle
chaos > turmoil
characteristic > feature, trait
choice > option
comment > remark
commitment > dedication
compassion > sympathy, kindness
competition > contest
concept > idea, notion
concern > worry
connection > link
conundrum > puzzle
conversation > talk [not=in]
courage > bravery
decline > drop, fall
dedication > commitment
delight > joy
determination > resolve
difficulty > trouble
disease > illness
discovery > find
dwelling > home
endurance > stamina
enemy > foe
enigma > puzzle, mystery
enthusiasm > eagerness
error > mistake
expert > specialist
expertise > skill, know-how
fatality > death
fatigue > tiredness
fear > dread
foe > enemy
freedom > liberty
fury > rage
gleam > shine
grief > sorrow
hazard > danger, risk
hue > shade, color
illness > sickness
impact > effect
importance > significance, value
incident > event, episode
increase > rise
initiative > effort, project [not=own,take,takes,took,taken]
investigation > inquiry, probe
journey > path
joy > delight, happiness
landscape > scene
liberty > freedom
location > place, spot
malady > illness
medication > medicine
melancholy > sadness
mistake > error [not=by]
mystery > puzzle
nation > country
notion > idea
nuance > subtlety
obstacle > barrier, hurdle
opponent > rival
opportunity > chance
option > choice
outcome > result
peril > danger
perpetrator > offender
perseverance > persistence
perspective > viewpoint [not=in,into]
pledge > promise
predicament > plight
prediction > forecast
proficiency > skill
prognosis > outlook
proposal > plan
purpose > aim, goal [not=on]
quest > search
radiance > glow
rage > fury
ramification > consequence
reaction > response [not=chemical,nuclear,chain]
region > area
remark > comment
remedy > cure
repercussion > consequence, effect
response > reaction [not=immune]
result > outcome [not=a]
rival > opponent
scheme > plan
sentiment > feeling
serenity > calm
significance > importance [not=statistical,clinical]
silence > quiet [not=in]
sorrow > grief, sadness
specialist > expert
strategy > plan
struggle > fight, battle
supporter > backer
symbol > sign
task > job
tale > story
tenacity > persistence
threat > danger
topic > subject
transition > shift
triumph > victory
uncertainty > doubt
vitality > energy
victory > win, triumph
voyage > journey, trip
weariness > tiredness
worry > concern
`;

const ADJECTIVES = `
abrupt > sudden
abundant > plentiful
accurate > precise
adequate > sufficient
annual > yearly
anxious > nervous, worried
apparent > clear, obvious [pred]
apprehensive > uneasy, nervous
ardent > passionate
arid > dry
avid > keen
awe-inspiring > impressive
beautiful > lovely
breathtaking > stunning
brave > courageous
brief > short
clever > smart
colossal > huge
commonplace > common
complicated > complex
considerable > substantial
constant > steady
continuous > constant
courageous > brave
credible > believable
current > present [attr]
daunting > formidable
delighted > pleased
diligent > hard-working
dire > grave
eager > keen
easy > simple
ecstatic > overjoyed
elated > thrilled
enchanting > charming
ephemeral > short-lived
erroneous > mistaken
essential > vital
esteemed > respected
exceptional > outstanding
excellent > outstanding, superb
exhausted > worn out
exquisite > beautiful
extraordinary > remarkable
famous > well-known
feasible > workable
feeble > weak
fervent > passionate
fierce > intense
fragile > delicate
frail > weak
furious > angry
gigantic > huge
gloomy > dark
global > worldwide
gradual > slow, steady
grateful > thankful
grim > bleak
gruesome > grisly
hazardous > dangerous
honest > truthful
horrific > horrible, terrible
hostile > unfriendly
imperative > vital
impressive > striking
incredible > amazing
indispensable > essential
influential > powerful
integral > key
jubilant > joyful
keen > eager
magnificent > splendid, grand
main > chief, principal [attr]
majestic > grand
minuscule > tiny
momentary > brief
mysterious > strange
necessary > needed
noteworthy > notable
ominous > threatening
ongoing > continuing
ordinary > everyday [attr]
peaceful > calm
permanent > lasting
perfect > ideal
perpetual > constant, endless
plausible > believable
potential > possible [attr]
powerful > strong
precise > exact
preceding > previous
pressing > urgent
prominent > leading
prompt > quick
rampant > widespread
rare > uncommon
reliable > dependable
remarkable > striking, notable
resilient > tough
secluded > isolated
serene > calm, peaceful
shocking > startling
significant > major, considerable [not=statistically,clinically,not,no,non]
silent > quiet
sinister > menacing
sluggish > slow
specific > particular
steadfast > steady, firm
stunning > striking
sturdy > solid, strong
substantial > considerable
sudden > abrupt
temporary > short-term
tenacious > persistent
thankful > grateful
thrilled > delighted
timeless > ageless
tranquil > calm, peaceful
tumultuous > turbulent, stormy
turbulent > stormy
unexpected > surprising
unforgettable > memorable
unusual > odd, strange
urgent > pressing
various > several, different
viable > workable
volatile > unstable
weary > tired
widespread > common
worldwide > global
`;

const ADVERBS = `
abruptly > suddenly
accurately > precisely
afterward > later
afterwards > later
annually > yearly
anxiously > nervously
apparently > seemingly
beforehand > in advance
cautiously > carefully
certainly > surely
chiefly > mainly
concurrently > at the same time
considerably > substantially
constantly > continually
continually > constantly
definitely > certainly
deliberately > on purpose
dramatically > sharply
drastically > sharply
eagerly > keenly
effortlessly > easily
evidently > clearly
exactly > precisely
exclusively > only
fiercely > intensely
furiously > angrily
gently > softly
genuinely > truly
globally > worldwide
gracefully > elegantly
gradually > slowly
greatly > hugely
henceforth > from now on
immensely > hugely
incredibly > remarkably
inevitably > unavoidably
intently > closely
joyfully > happily
markedly > noticeably
momentarily > briefly
nervously > anxiously
nowadays > these days
occasionally > at times
ostensibly > supposedly
passionately > fervently
persistently > constantly
potentially > possibly
presumably > probably
principally > mainly
probably > likely [mid] [not=most,more,very,quite]
profoundly > deeply
progressively > gradually
properly > correctly
rarely > seldom
remarkably > strikingly
repeatedly > again and again [mid]
routinely > regularly
sadly > unfortunately
seldom > rarely
silently > quietly
similarly > likewise
simultaneously > at the same time
sincerely > truly [mid]
slowly > gradually
softly > quietly, gently
solely > only
sometimes > at times
steadily > gradually
substantially > considerably
thankfully > fortunately, luckily
thereafter > after that
thoroughly > fully
tragically > sadly
tremendously > hugely
undeniably > certainly, clearly
undoubtedly > certainly
unfortunately > sadly
unquestionably > certainly
usually > normally, typically
vastly > greatly
wholeheartedly > fully
`;

function parse(block: string): Record<string, SynonymRule> {
  const table: Record<string, SynonymRule> = {};
  for (const line of block.split('\n')) {
    const m = /^([a-z-]+) > ([^[]+?)\s*((?:\[[^\]]+\]\s*)*)$/.exec(line.trim());
    if (!m) continue;
    const rule: SynonymRule = { to: m[2]!.split(',').map((x) => x.trim()) };
    for (const [, cond] of m[3]!.matchAll(/\[([^\]]+)\]/g)) {
      if (cond === 'that') rule.that = true;
      else if (cond === 'obj') rule.obj = true;
      else if (cond === 'mid') rule.mid = true;
      else if (cond === 'attr') rule.attr = true;
      else if (cond === 'pred') rule.pred = true;
      else if (cond === 'nowith') rule.noWith = true;
      else if (cond!.startsWith('prep=')) rule.preps = cond!.slice(5).split(',');
      else if (cond!.startsWith('not=')) rule.prevNot = cond!.slice(4).split(',');
    }
    table[m[1]!] = rule;
  }
  return table;
}

/** The reviewed thesaurus by part of speech. */
export const THESAURUS: Record<WordPos, Record<string, SynonymRule>> = {
  v: parse(VERBS),
  n: parse(NOUNS),
  a: parse(ADJECTIVES),
  r: parse(ADVERBS),
};
