/*
 * Polish for lunr.js, in the form Material's search worker loads (lunr/min/lunr.<lang>.min.js);
 * hooks/search_per_language.py copies it into the built site. lunr-languages has no Polish.
 *
 * - trimmer: strips punctuation but keeps Polish letters (lunr's own trimmer uses \W, which would
 *   cut "ą", "ę", "ł", ... off the ends of words);
 * - stop words: the commonest function words;
 * - stemmer: a light one that removes the commonest noun, adjective and pronoun endings, so
 *   "warstwa", "warstwy", "warstwę", "warstwą" and "warstwami" all index and search as "warstw";
 *   then diacritics are folded ("osadzeń" -> "osadzen"), so a reader without a Polish keyboard
 *   finds "źródło" by typing "zrodlo".
 *
 * Material adds a trailing wildcard to every query term ("warstwę" is searched as "warstwę*"),
 * and lunr never runs wildcard terms through the search pipeline, so the query would not be
 * stemmed and "warstwę*" would find nothing indexed as "warstw". The query parser below stems
 * and folds each term as it parses it (keeping the wildcard, so a prefix of a stem still finds
 * the word); Material's own parse of the query, which decides what to highlight and what to
 * report missing, goes through the same parser and sees the same terms. This file is loaded
 * only by the search worker of Polish pages.
 */
(function (lunr) {
  if (typeof lunr === "undefined")
    throw new Error("lunr is not present")

  var wordCharacters = "\\w\\u00C0-\\u024F"
  var endings = [
    "owiami", "owych", "owymi", "owego", "owemu",
    "iami", "iach", "owie",
    "ami", "ach", "ych", "ymi", "imi", "ich", "ego", "emu", "iem", "iom", "owi", "ową", "owa", "owe", "owy",
    "om", "ów", "em", "ej", "ym", "im", "ie", "ia", "ią", "ię", "io", "iu", "ii",
    "a", "ą", "ę", "e", "i", "o", "u", "y"
  ].sort(function (a, b) { return b.length - a.length })
  var fold = { "ą": "a", "ć": "c", "ę": "e", "ł": "l", "ń": "n", "ó": "o", "ś": "s", "ź": "z", "ż": "z" }

  function normalise(word) {
    return stem(word).replace(/[ąćęłńóśźż]/g, function (c) { return fold[c] })
  }

  function stem(word) {
    for (var i = 0; i < endings.length; i++) {
      var ending = endings[i]
      if (word.length - ending.length >= 3 && word.slice(-ending.length) === ending)
        return word.slice(0, -ending.length)
    }
    return word
  }

  lunr.pl = function () {
    this.pipeline.reset()
    this.pipeline.add(lunr.pl.trimmer, lunr.pl.stopWordFilter, lunr.pl.stemmer)
    if (this.searchPipeline) {
      this.searchPipeline.reset()
      this.searchPipeline.add(lunr.pl.stemmer)
    }
  }

  lunr.pl.wordCharacters = wordCharacters
  lunr.pl.trimmer = lunr.trimmerSupport.generateTrimmer(wordCharacters)
  lunr.Pipeline.registerFunction(lunr.pl.trimmer, "trimmer-pl")

  lunr.pl.stemmer = function (token) {
    return token.update(normalise)
  }
  lunr.Pipeline.registerFunction(lunr.pl.stemmer, "stemmer-pl")

  lunr.pl.stopWordFilter = lunr.generateStopWordFilter((
    "a aby ale albo ani być bez bo by był była było były czy dla do gdy gdzie go i ich ile " +
    "im in jak jako je jego jej jest jeszcze już ją każdy kiedy która które którego który " +
    "których ku lub ma mi mu na nad nie niż o od oraz po pod przez przy się są ta tak także " +
    "te tego tej ten też to tu tym u w we więc z za ze że"
  ).split(" "))
  lunr.Pipeline.registerFunction(lunr.pl.stopWordFilter, "stopWordFilter-pl")

  var parseTerm = lunr.QueryParser.parseTerm
  lunr.QueryParser.parseTerm = function (parser) {
    var clause = parser.currentClause
    var next = parseTerm(parser)
    if (typeof clause.term === "string") {
      var word = clause.term.replace(/\*$/, "")
      if (word && word.indexOf("*") < 0) {
        clause.term = normalise(word) + (word.length < clause.term.length ? "*" : "")
        clause.usePipeline = false  // stemmed once, here
      }
    }
    return next
  }
})(typeof self !== "undefined" ? self.lunr : this.lunr);
