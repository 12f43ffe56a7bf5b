/**
 * A reviewed thesaurus of common English words: for each word (by part of speech) alternatives that keep its
 * sense in nearly every context it is used in, with the conditions under which the swap is safe. Proposed from
 * WordNet's synsets and SUBTLEX-US frequencies for the content words most frequent in the dataset's texts, then
 * read one by one: words whose senses split (find, world, case, issue of a magazine…) are left out, and so are
 * alternatives that need another sentence frame ("help X do" ≠ "assist X do"). No alternative is a word the essays'
 * machine half uses much more than their human half ("key", "vital", "essential": 2.2 / 1.4 / 4.4 against 0.8 / 0.5 /
 * 1.3 per 10,000 words), and a plain word that people use as often as machines ("important") is not swapped.
 *
 * Line format: `word > alt, alt [condition] …`. Conditions:
 *   [that]        only before "that" (verbs of saying and showing: "argue that" → "claim that")
 *   [obj]         only with a direct object right after it (transitive use: "increase the risk", not "prices increased")
 *   [prep=a,b]    these prepositions may follow (by default a verb or adjective followed by any preposition is left alone)
 *   [mid]         never as the first word of a sentence
 *   [attr]        adjectives: only right before a noun; [pred] only not before a noun
 *   [not=a,b]     not after these words ("statistically significant")
 *   [nowith]      not when "with" follows within six words ("provide X with Y")
 *   [noto]        not when "to" follows within four words ("cause X to fall")
 *   [intr]        only without a direct object ("events unfolded", not "unfolded the map")
 *   [onlyprep]    only when one of the [prep=…] prepositions follows ("respond to" → "react to", not a spoken reply)
 *   [adj]         only before an adjective ("became angry" → "grew angry", not "became a doctor")
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
  noTo?: boolean;
  intransitive?: boolean;
  beforeAdjective?: boolean;
  onlyPreps?: boolean;
}

const VERBS = `
abandon > desert, leave behind [obj]
accelerate > speed up [obj]
accomplish > achieve [obj]
acknowledge > admit [that]
adapt > adjust [prep=to]
admit > acknowledge [that]
aid > help [obj]
allege > claim [that]
alter > change [obj]
amaze > astonish [obj]
analyze > examine [obj]
anticipate > expect
argue > claim, contend [that]
assemble > gather
assert > claim, state [that]
assess > gauge, judge [obj]
astonish > amaze [obj]
attract > draw [obj]
banish > exile [obj]
become > grow [adj]
believe > think [that]
boast > brag
boost > raise, lift [obj]
captivate > charm, enthrall [obj]
cease > stop
challenge > question, dispute [obj]
cherish > treasure, value [obj]
choose > pick [obj]
chuckle > laugh
claim > say [that]
collaborate > cooperate
commence > begin, start
compel > force [obj]
complete > finish [obj]
comprehend > understand, grasp
compute > calculate
concur > agree
confront > face [obj]
contemplate > consider, weigh [obj]
continue > carry on [obj]
converse > talk
convince > persuade
corroborate > confirm [obj]
crouch > stoop
decide > choose [prep=to]
declare > announce, state [that]
decrease > lower, cut [obj]
dedicate > devote [obj]
demolish > tear down [obj]
depart > leave
desire > want [obj]
destroy > ruin, wreck [obj]
detest > hate
diminish > lessen, shrink
discard > throw away [obj]
disclose > reveal [obj]
display > show [obj]
dominate > control [obj]
elevate > raise, lift [obj]
enchant > charm [obj]
encounter > meet, come across [obj]
endanger > threaten [obj]
endure > bear, suffer [obj]
enlarge > expand [obj]
escalate > intensify
evaluate > assess, judge [obj]
evolve > develop [prep=into]
exclaim > cry
fear > dread [obj]
finish > complete [obj]
forsake > abandon [obj]
frighten > scare [obj]
gather > collect [obj]
gaze > stare [prep=at]
generate > produce [obj]
grin > smile [prep=at]
guarantee > ensure [obj]
guide > steer, lead [obj]
halt > stop [obj]
hasten > hurry
hide > conceal [obj]
horrify > appall [obj]
hurry > rush
ignore > disregard [obj]
illuminate > light up [obj]
illustrate > show [obj]
impact > affect [obj]
implement > carry out [obj]
implore > beg
imply > suggest [that]
increase > raise, boost [obj]
influence > affect [obj]
inhabit > live in [obj]
inquire > ask
insist > maintain [that]
intend > plan [prep=to]
intensify > step up [obj]
intrigue > fascinate [obj]
irritate > annoy
jeopardize > threaten [obj]
jump > leap
learn > discover [that]
locate > find [obj]
look > seem [adj]
mend > fix, repair [obj]
minimize > reduce, cut [obj]
modify > change, alter [obj]
mourn > grieve [obj]
murmur > whisper
notice > spot [obj]
observe > note [that]
occur > happen, take place
participate > take part [prep=in]
perish > die
persuade > convince
plague > trouble [obj]
ponder > consider, weigh [obj]
portray > depict [obj]
prevent > stop [obj]
proceed > go on [prep=with]
prohibit > ban [obj]
prompt > spur [obj]
propose > suggest
protect > shield, guard [obj]
prove > show [that]
provide > offer, give [obj] [nowith]
realize > see, understand [that]
recall > remember [that]
recollect > recall
recommend > suggest
regard > see, view [obj]
reignite > revive [obj]
reiterate > repeat
relish > enjoy
remain > stay [not=it]
remember > recall [obj]
repair > fix, mend [obj]
request > ask for [obj]
reside > live [prep=in]
resolve > settle [obj]
respond > react [prep=to] [onlyprep]
retreat > withdraw
reveal > show [that]
roam > wander
rush > hurry
savor > enjoy
seek > look for [obj]
seem > appear [prep=to]
shiver > shudder
shout > yell
show > reveal [that]
shut > close [obj]
signal > indicate, show [obj]
slay > kill [obj]
sob > weep
stagger > reel
stare > gaze [prep=at]
start > begin [prep=to]
stimulate > spur [obj]
stomp > stamp
stroll > walk
suggest > indicate [that]
summon > call [obj]
tackle > deal with, take on [obj]
terrify > frighten [obj]
think > believe [that]
thrill > excite [obj]
thrive > flourish
tolerate > endure, bear [obj]
transform > reshape, change [obj]
traverse > cross [obj]
tremble > shake
trigger > set off [obj]
unfold > play out [intr]
unleash > release [obj]
utter > say [obj]
vary > differ
verify > check, confirm [obj]
vow > pledge, promise
wander > roam
weep > cry
whisper > murmur
withstand > resist [obj]
wreck > ruin [obj]
yearn > long [prep=for]
yell > shout
`;

const NOUNS = `
ability > capacity
abode > home
absence > lack
accomplishment > achievement
achievement > feat
advantage > benefit [not=take,takes,took,taken,taking]
adversary > opponent, rival
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
brow > forehead
cacophony > din
calamity > disaster
camaraderie > friendship
captive > prisoner
catastrophe > disaster
cemetery > graveyard
challenge > difficulty, hurdle
change > shift
chaos > turmoil
characteristic > feature, trait
cloth > fabric
comment > remark
commitment > dedication
company > firm
compassion > sympathy, kindness
competition > contest
concept > idea, notion
concern > worry
connection > link
conundrum > puzzle
couch > sofa
country > nation
courage > bravery
decline > drop, fall
dedication > commitment
delight > joy
determination > resolve
difficulty > trouble
discovery > find
disease > illness
dusk > twilight
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
feast > banquet
film > movie
foe > enemy
freedom > liberty
fury > rage
gleam > shine
grief > sorrow
hazard > danger, risk
hearth > fireplace
helper > assistant
hue > shade, color
illness > sickness
importance > significance, value
incident > event
increase > rise
initiative > effort, project [not=own,take,takes,took,taken]
investigation > inquiry, probe
issue > problem
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
nightfall > dusk
notion > idea
nuance > subtlety
obstacle > barrier, hurdle
opponent > rival
opportunity > chance
option > choice
pail > bucket
peril > danger
perpetrator > offender
perseverance > persistence
perspective > view [not=in,into]
pile > heap
pledge > promise
poetry > verse
predicament > plight
proficiency > skill
prognosis > outlook
proposal > plan
proprietor > owner
purpose > aim, goal [not=on]
quest > search
radiance > glow
rage > fury
ramification > consequence
reaction > response [not=chemical,nuclear,chain,overall,allergic,adverse,enzymatic,catalytic,redox,combustion,fusion,fission]
region > area
remainder > rest
remark > comment
remedy > cure
repercussion > consequence, effect
response > reaction [not=immune]
result > outcome [not=a]
retaliation > revenge
rival > opponent
role > part [not=the,this,that,these,those,his,her,their,its,our,my,your,many,some,all,different,new]
scheme > plan
sentiment > feeling
serenity > calm
serpent > snake
shop > store
significance > importance [not=statistical,clinical]
silence > quiet [not=in]
sorrow > grief, sadness
specialist > expert
strategy > plan
struggle > fight, battle
sum > amount
supporter > backer
tale > story
task > job
tenacity > persistence
threat > danger
topic > subject
transition > shift
triumph > victory
twilight > dusk
uncertainty > doubt
victory > win, triumph
vitality > energy
voyage > journey, trip
weariness > tiredness
worry > concern
youngster > child
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
beloved > dear [attr]
bony > skinny
brave > courageous
breathtaking > stunning
brief > short
broad > wide
clever > smart
colossal > huge
commonplace > common
complicated > complex
considerable > substantial
courageous > brave
credible > believable
crimson > red
cryptic > mysterious
current > present [attr]
daring > bold
daunting > formidable
delighted > pleased
diligent > hard-working
dire > grave
disturbing > troubling
eager > keen
easy > simple
ecstatic > overjoyed
elated > thrilled
enchanting > charming
ephemeral > short-lived
erroneous > mistaken
essential > necessary [pred]
esteemed > respected
excellent > outstanding, superb
exceptional > outstanding
exciting > thrilling
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
frightful > horrible
furious > angry
further > more [attr]
ghastly > gruesome
gigantic > huge
global > worldwide
gloomy > dark
gradual > slow, steady
grateful > thankful
grim > bleak
gruesome > grisly
hazardous > dangerous
honest > truthful
horrific > horrible, terrible
hostile > unfriendly
illustrious > famous
impending > looming [attr]
imperative > necessary [pred]
impressive > striking
incredible > amazing
indispensable > essential
inevitable > unavoidable
inexpensive > cheap
inexplicable > unexplained
infamous > notorious
infantile > childish
influential > powerful
initial > first [not=a,an]
integral > central
jubilant > joyful
keen > eager
lifelike > realistic
lowly > humble
loyal > faithful
magnificent > splendid, grand
majestic > grand
marvelous > wonderful
minuscule > tiny
moist > damp
momentary > brief
multiple > several [attr]
mundane > everyday [attr]
mysterious > strange
mythical > legendary
necessary > needed
noteworthy > notable
oily > greasy
ominous > threatening
ongoing > continuing
ordinary > everyday [attr]
peaceful > calm
perfect > ideal
permanent > lasting [attr]
perpetual > constant, endless
plausible > believable
potential > possible [attr]
powerful > strong [not=most,more,less,least]
preceding > previous
precise > exact
pressing > urgent
prominent > leading
prompt > quick
rampant > widespread
rare > uncommon
reasonable > sensible
reliable > dependable
remarkable > striking, notable
resilient > tough
scrawny > skinny
secluded > isolated
serene > calm, peaceful
shocking > startling
significant > major, considerable [not=statistically,clinically,not,no,non]
silent > quiet
sinister > menacing
sluggish > slow
somber > grim, gloomy
specific > particular
steadfast > steady, firm
stunning > striking
sturdy > solid, strong
substantial > considerable
tedious > boring
temporary > short-term
tenacious > persistent
thankful > grateful
thrilled > delighted
thunderous > booming
timeless > ageless
torrential > heavy [attr]
tranquil > calm, peaceful
tumultuous > turbulent, stormy
turbulent > stormy
unclean > dirty
unexpected > surprising
unforgettable > memorable
unusual > odd, strange
urgent > pressing
various > different
viable > workable
volatile > unstable
weary > tired
wondrous > marvelous
worldwide > global [attr]
`;

const ADVERBS = `
abruptly > suddenly
accurately > precisely
adequately > sufficiently
afterward > later
afterwards > later
annually > yearly
anxiously > nervously
apparently > seemingly
basically > essentially
beforehand > in advance
cautiously > carefully
certainly > surely
chiefly > mainly
concurrently > at the same time
considerably > substantially
constantly > continually
continually > constantly
curiously > oddly
decidedly > definitely
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
fundamentally > radically, deeply [mid]
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
individually > separately
inevitably > unavoidably
intently > closely
joyfully > happily
markedly > noticeably
momentarily > briefly
nervously > anxiously
nowadays > these days
occasionally > at times
ostensibly > supposedly
partially > partly
partly > partially
passionately > fervently
persistently > constantly
potentially > possibly
presumably > probably
principally > mainly
probably > likely [mid] [not=most,more,very,quite]
profoundly > deeply
progressively > gradually
purposely > deliberately
quietly > softly
rarely > seldom
remarkably > strikingly
repeatedly > again and again [mid]
routinely > regularly
sadly > unfortunately
scarcely > hardly
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
unusually > remarkably
usually > normally, typically
vastly > greatly
wholeheartedly > fully
wholly > completely
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
      else if (cond === 'noto') rule.noTo = true;
      else if (cond === 'intr') rule.intransitive = true;
      else if (cond === 'adj') rule.beforeAdjective = true;
      else if (cond === 'onlyprep') rule.onlyPreps = true;
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
